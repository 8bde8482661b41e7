// `sizes --no-heap` is a gate: every box is an error at its await (a note
// at the call for one inside unawait::join, here boxed because its by-value
// std::string parameter would end with the full-expression); exit status 1,
// the report is still printed. Without a box it passes.
// RUN: unawait sizes --no-heap %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file %t.err
// RUN: FileCheck %s --input-file %t.out --check-prefix=REPORT
// RUN: unawait sizes --no-heap %S/frame-trio.cpp > %t.out 2> %t.err
// RUN: FileCheck %s --input-file %t.err --check-prefix=NONE --allow-empty
#include <string>
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> declared();

UNAWAIT_ASYNC unawait::Async<int> declared() { co_return 1; }

UNAWAIT_ASYNC unawait::Async<int> local(std::string s) { co_return static_cast<int>(s.size()); }

UNAWAIT_ASYNC unawait::Async<int> caller() {
  int a = co_await declared();
  auto [b, c] = co_await unawait::join(local("x"), local("y"));
  co_return a + b + c;
}

// CHECK: no-heap.cpp:[[#@LINE-5]]:11: error: the frame of 'declared()' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the callee is declared separately from its definition, so it keeps the unawait::Async<T> signature
// CHECK-NOT: note
// CHECK: no-heap.cpp:[[#@LINE-6]]:17: error: the frame of 'local("x")' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): an annotated call inside another awaited expression is boxed (unawait::join and unawait::select nest a direct argument inline, unless it passes objects with destructors)
// CHECK: no-heap.cpp:[[#@LINE-7]]:40: note: the boxed call
// CHECK: no-heap.cpp:[[#@LINE-8]]:17: error: the frame of 'local("y")' is boxed
// CHECK: no-heap.cpp:[[#@LINE-9]]:52: note: the boxed call
// REPORT: function `caller`
// NONE-NOT: error
