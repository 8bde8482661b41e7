// co_await in the target of an assignment whose value is awaited is an error at the co_await in the target.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> subscript() {
  int values[2] = {0, 0};
  // CHECK: await-in-assignment-target.cpp:[[@LINE+1]]:10: error: co_await in the target of an assignment is not supported yet
  values[co_await ready(1)] = co_await ready(5);
  co_return values[1];
}
