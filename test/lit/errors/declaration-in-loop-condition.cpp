// A declaration in the condition of a while or for loop whose body awaits is an error at the declaration.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> while_loop(int n) {
  // CHECK: declaration-in-loop-condition.cpp:[[@LINE+1]]:10: error: a declaration in the condition or init of an if, for, while or switch that awaits is not supported yet: declare the variable before the statement (the condition of a while loop)
  while (int k = n--) {
    co_await ready(k);
  }
  co_return 0;
}

UNAWAIT_ASYNC unawait::Async<int> for_loop(int n) {
  // CHECK: declaration-in-loop-condition.cpp:[[@LINE+1]]:10: error: a declaration in the condition or init of an if, for, while or switch that awaits is not supported yet: declare the variable before the statement (the condition of a for loop)
  for (; int k = n; --n) {
    co_await ready(k);
  }
  co_return 0;
}
