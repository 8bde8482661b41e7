// An argument of unawait::join whose callee is only declared here (defined
// in another translation unit) stays the unawait::Async<T> it declares: a
// box inside the join's awaitee, reported as one and rejected by --no-heap.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py caller | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
// RUN: not unawait sizes --no-heap %s 2>&1 | FileCheck %s --check-prefix=GATE
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> elsewhere(int n);
UNAWAIT_ASYNC unawait::Async<int> local(int n) { co_return n; }

UNAWAIT_ASYNC unawait::Async<int> caller() {
  auto [a, b] = co_await unawait::join(elsewhere(1), local(2));
  co_return a + b;
}

// CHECK:      caller boxes=1 boxed_size=0
// CHECK-NEXT:   box elsewhere(1) in=future0 size=16 boxed_size=? state=Suspend0

// TEXT: awaitee `future0`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `unawait::Join<unawait::Async<int>, local_future>`: awaited here
// TEXT-NEXT: box `elsewhere(1)` (in `future0`): 16 bytes, type `unawait::Async<int>`, boxed frame of unknown size: boxed on the heap: the callee is defined in another translation unit, behind its unawait::Async<T> declaration

// GATE: box-in-join-declared-elsewhere.cpp:13:17: error: the frame of 'elsewhere(1)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the callee is defined in another translation unit
// GATE: box-in-join-declared-elsewhere.cpp:13:40: note: the boxed call
// GATE: 1 error generated.
