// A callee declared before its caller and defined after it, in the same
// file: its box is a separate declaration's (the callee keeps the
// Async<T> signature of that declaration), not "another translation unit".
// RUN: not unawait sizes --no-heap %s 2>&1 | FileCheck %s
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> leaf();

UNAWAIT_ASYNC unawait::Async<int> caller() {
  int value = co_await leaf();
  co_return value + 1;
}

UNAWAIT_ASYNC unawait::Async<int> leaf() { co_return 1; }

// CHECK: box-defined-later.cpp:10:15: error: the frame of 'leaf()' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the callee is declared separately from its definition
