// An annotated function returning Async<T> without co_await or co_return is an error at its name.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

// CHECK: not-a-coroutine.cpp:[[@LINE+1]]:35: error: function annotated UNAWAIT_ASYNC is not a coroutine: its body must use co_await or co_return
UNAWAIT_ASYNC unawait::Async<int> boxed() {
  return unawait::Async<int>(ready(1));
}
