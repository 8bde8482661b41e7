// goto and labels in an async function are errors at the first of them.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> forward(int n) {
  int a = co_await ready(n);
  if (a == 0)
    // CHECK: goto.cpp:[[@LINE+1]]:5: error: a goto or a label in an async function is not supported yet: use a loop, break or continue
    goto out;
  a = 2;
out:
  co_return a;
}

UNAWAIT_ASYNC unawait::Async<int> backward(int n) {
// CHECK: goto.cpp:[[@LINE+1]]:1: error: a goto or a label in an async function is not supported yet: use a loop, break or continue
again:
  n -= co_await ready(1);
  if (n > 0)
    goto again;
  co_return n;
}
