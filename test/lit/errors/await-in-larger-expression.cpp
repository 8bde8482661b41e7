// co_await inside a larger expression is an error at the co_await, in each function where it occurs.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> argument() {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:12: error: co_await inside a larger expression is not supported yet
  identity(co_await ready(1));
  co_return 0;
}

UNAWAIT_ASYNC unawait::Async<int> operand() {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:15: error: co_await inside a larger expression is not supported yet
  int a = 1 + co_await ready(1);
  co_return a;
}

UNAWAIT_ASYNC unawait::Async<int> returned() {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:22: error: co_await inside a larger expression is not supported yet
  co_return identity(co_await ready(1));
}
