// The future of an annotated call kept in a variable of the
// unawait::Async<T> its declaration returns is boxed: the variable's member
// in the frame is declared with that type, so the rewrite converts the
// generated future into a heap box. Reported as a field of kind `box` (the
// variable's), counted once per call, and rejected by --no-heap at the
// call. An `auto` variable only awaited keeps the generated class instead
// (rewrite/auto-future-nested.cpp), and one that is not kept is written
// as it was and keeps it too; an explicitly typed one is a box, kept or not.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py caller | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
// RUN: not unawait sizes --no-heap %s 2>&1 | FileCheck %s --check-prefix=GATE
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> leaf(int n) {
  co_await unawait::yield_now();
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> take(unawait::Async<int> f) { co_return co_await f; }

UNAWAIT_ASYNC unawait::Async<int> caller() {
  auto passed = leaf(1); // passed on as unawait::Async<int>: a box
  auto nested = leaf(2); // only awaited: nested, no box
  int sum = co_await take(std::move(passed));
  sum += co_await nested;
  {
    auto ordinary = leaf(3); // not kept: no box
    (void)ordinary;
  }
  {
    unawait::Async<int> typed = leaf(4); // not kept, but a box
    (void)typed;
  }
  co_return sum;
}

// CHECK:      caller boxes=2 boxed_size=16
// CHECK-NEXT:   box passed in=- size=16 boxed_size=8 state=Suspend0
// CHECK-NEXT:   box passed in=- size=16 boxed_size=8 state=Suspend1
// CHECK-NOT:  box

// TEXT: box `passed`: 16 bytes, offset {{[0-9]+}}, type `unawait::Async<int>`, boxed frame 8 bytes: {{.*}}, boxed on the heap: the future of an annotated call is kept as the unawait::Async<T> its declaration returns
// TEXT: local `nested`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `leaf_future`: awaited here

// GATE: box-stored-in-variable.cpp:22:17: error: the frame of 'leaf(1)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the future of an annotated call is kept as the unawait::Async<T> its declaration returns
// GATE-NOT: :23:
// GATE-NOT: :27:
// GATE: box-stored-in-variable.cpp:31:33: error: the frame of 'leaf(4)' is boxed
// GATE-NOT: error:
// GATE: 2 errors generated.
