// A co_await in the initializer of a static or thread_local local variable:
// C++ forbids it ([expr.await]/2), clang accepts it; it is rejected at the
// declaration with its own reason, not as an unknown statement.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// clang compiles it: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> once() {
  // CHECK: await-in-static-initializer.cpp:[[@LINE+1]]:3: error: a co_await in the initializer of a static or thread_local local variable cannot be rewritten: C++ forbids it ([expr.await]/2), though clang accepts it; await into an automatic variable
  static int first = co_await ready(1);
  co_return first;
}

UNAWAIT_ASYNC unawait::Async<int> per_thread() {
  // CHECK: await-in-static-initializer.cpp:[[@LINE+1]]:3: error: a co_await in the initializer of a static or thread_local local variable cannot be rewritten
  thread_local int mine = co_await ready(2);
  co_return mine;
}
// CHECK: 2 errors generated.
