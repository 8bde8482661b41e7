// co_await in the condition of an if statement is rewritten (see
// rewrite/if-condition.cpp), under the rules of an await inside a larger
// expression: one await, evaluated unconditionally. Otherwise an error at it.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> conditional(bool flag) {
  // CHECK: await-in-if-condition.cpp:[[@LINE+1]]:15: error: co_await inside a larger expression is not supported here: it is evaluated only if the left side of && is true
  if (flag && co_await ready(1))
    co_return 1;
  co_return 0;
}

UNAWAIT_ASYNC unawait::Async<int> declared() {
  // CHECK: await-in-if-condition.cpp:[[@LINE+1]]:7: error: a declaration in the condition of an if statement whose body awaits is not supported yet; declare it before the statement
  if (int value = co_await ready(1))
    co_return value;
  co_return 0;
}
