// The future of an annotated call kept in a variable of the
// unawait::Async<T> its declaration returns is boxed: the variable's member
// in the frame is declared with that type, so the rewrite converts the
// generated future into a heap box. Reported as a field of kind `box`
// (the variable's), counted once per call, and rejected by --no-heap at the
// call. An `auto` local that is not kept is written as it was, keeps the
// generated type, and is no box; an explicitly typed one is, kept or not.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py caller | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
// RUN: not unawait sizes --no-heap %s 2>&1 | FileCheck %s --check-prefix=GATE
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> leaf(int n) {
  co_await unawait::yield_now();
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> caller() {
  auto kept = leaf(1);
  int sum = co_await kept;
  {
    auto ordinary = leaf(2); // not kept: no box
    (void)ordinary;
  }
  {
    unawait::Async<int> typed = leaf(3); // not kept, but a box
    (void)typed;
  }
  sum += co_await leaf(4); // awaited directly: nested, no box
  co_return sum;
}

// CHECK:      caller boxes=2 boxed_size=16
// CHECK-NEXT:   box kept in=- size=16 boxed_size=8 state=Suspend0
// CHECK-NEXT:   box kept in=- size=16 boxed_size=8 state=Suspend1
// CHECK-NOT:  box

// TEXT: box `kept`: 16 bytes, offset {{[0-9]+}}, type `unawait::Async<int>`, boxed frame 8 bytes: awaited here, boxed on the heap: the future of an annotated call is kept as the unawait::Async<T> its declaration returns

// GATE: box-stored-in-variable.cpp:19:15: error: the frame of 'leaf(1)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the future of an annotated call is kept as the unawait::Async<T> its declaration returns
// GATE-NOT: :22:
// GATE: box-stored-in-variable.cpp:26:33: error: the frame of 'leaf(3)' is boxed
// GATE-NOT: error:
// GATE: 2 errors generated.
