// A co_await inside an expression whose evaluation order the rewrite does
// not model is an error even when that expression is the operand of one it
// does (here a call): it was once printed unchanged, leaving a co_await in
// the C++17 output.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

int take(int a, int *p) {
  int v = *p;
  delete[] p;
  return a + v;
}

UNAWAIT_ASYNC unawait::Async<int> allocate() {
  // CHECK: await-under-unknown-operand.cpp:[[@LINE+1]]:21: error: a co_await in the initializer of a new-expression of an array, with placement arguments, in a template, whose allocation function may return null, or whose allocation or deallocation function is not public or is a destroying delete is not supported yet: C++ calls the allocation function before it evaluates the initializer, so the frame keeps the memory across the await, which this version does only for `new T(init)` with public allocation functions that throw rather than return null, outside templates; await into a variable first
  co_return take(1, new int[1]{co_await ready(2)});
}

int main() { return unawait::block_on(allocate()) == 3 ? 0 : 1; }
