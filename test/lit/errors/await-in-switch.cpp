// Awaits in the cases of a switch and in its condition are rewritten
// (rewrite/switch.cpp, rewrite/switch-condition.cpp, and with case labels
// inside nested statements rewrite/switch-nested-case-label.cpp); a switch
// that awaits without a block around its body is an error at that place.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> without_braces(int n) {
  switch (n)
  // CHECK: await-in-switch.cpp:[[@LINE+1]]:3: error: a co_await inside this kind of statement is not supported yet: move the await into a statement of its own (a switch without a block)
  case 0:
    co_return co_await ready(1);
  co_return 0;
}
