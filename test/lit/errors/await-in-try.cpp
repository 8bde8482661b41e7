// co_await inside a try block is an error at the co_await.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> guarded() {
  try {
    // CHECK: await-in-try.cpp:[[@LINE+1]]:13: error: co_await inside a try block is not supported yet
    int a = co_await ready(1);
    co_return a;
  } catch (...) {
  }
  co_return 0;
}
