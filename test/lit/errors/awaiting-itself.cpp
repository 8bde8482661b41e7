// An async function awaiting itself (recursion) is an error at the call.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> depth(int n) {
  if (n == 0)
    co_return 0;
  // CHECK: awaiting-itself.cpp:[[@LINE+1]]:20: error: an async function awaiting itself needs a boxed future; recursion is not supported yet
  int a = co_await depth(n - 1);
  co_return a + 1;
}
