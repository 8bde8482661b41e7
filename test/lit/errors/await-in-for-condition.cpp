// co_await in the increment or the init of a for loop is an error at the
// co_await; in the condition it is rewritten (rewrite/for-condition.cpp)
// under the rules of an await inside an expression, otherwise an error.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> condition() {
  int n = 0;
  // CHECK: await-in-for-condition.cpp:[[@LINE+1]]:28: error: co_await inside a larger expression is not supported here: it is evaluated only if the left side of && is true
  for (int i = 0; i < 3 && co_await ready(3); ++i)
    ++n;
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> increment() {
  int n = 0;
  // CHECK: await-in-for-condition.cpp:[[@LINE+1]]:31: error: co_await in the increment of a for loop is not supported yet
  for (int i = 0; i < 3; i += co_await ready(1))
    ++n;
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> init() {
  int n = 0;
  // CHECK: await-in-for-condition.cpp:[[@LINE+1]]:16: error: co_await in the init of a for loop is not supported yet
  for (int i = co_await ready(0); i < 3; ++i)
    ++n;
  co_return n;
}
