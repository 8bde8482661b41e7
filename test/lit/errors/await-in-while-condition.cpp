// co_await in the condition of a while or do loop is rewritten
// (rewrite/while-condition.cpp, rewrite/do-condition.cpp) under the rules of
// an await inside an expression; otherwise it is an error at the co_await.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> while_loop() {
  int n = 0;
  // CHECK: await-in-while-condition.cpp:[[@LINE+1]]:31: error: co_await inside a larger expression is not supported here: this is the second co_await of the statement; await into a variable first
  while (co_await ready(0) || co_await ready(1))
    ++n;
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> do_loop(bool flag) {
  int n = 0;
  do {
    ++n;
    // CHECK: await-in-while-condition.cpp:[[@LINE+1]]:20: error: co_await inside a larger expression is not supported here: it is evaluated only if the left side of && is true
  } while (flag && co_await ready(0));
  co_return n;
}
