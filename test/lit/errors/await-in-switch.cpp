// co_await in a switch statement (a case or its condition) is an error at the co_await.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> in_case(int n) {
  switch (n) {
  case 0:
    // CHECK: await-in-switch.cpp:[[@LINE+1]]:5: error: co_await inside a switch statement is not supported yet
    co_await ready(1);
    break;
  default:
    break;
  }
  co_return 0;
}

UNAWAIT_ASYNC unawait::Async<int> in_condition() {
  // CHECK: await-in-switch.cpp:[[@LINE+1]]:11: error: co_await inside a switch statement is not supported yet
  switch (co_await ready(1)) {
  case 1:
    co_return 1;
  default:
    co_return 0;
  }
}
