// Awaits in the cases of a switch are rewritten (rewrite/switch.cpp); in its
// condition, an await is an error at the co_await, and so is a switch
// without braces around its body.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> in_condition() {
  // CHECK: await-in-switch.cpp:[[@LINE+1]]:11: error: co_await in the condition of a switch statement is not supported yet
  switch (co_await ready(1)) {
  case 1:
    co_return 1;
  default:
    co_return 0;
  }
}

UNAWAIT_ASYNC unawait::Async<int> without_braces(int n) {
  switch (n)
  // CHECK: await-in-switch.cpp:[[@LINE+1]]:3: error: a switch statement whose body awaits needs braces
  case 0:
    co_return co_await ready(1);
  co_return 0;
}
