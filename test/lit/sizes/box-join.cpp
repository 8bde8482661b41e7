// Annotated calls inside unawait::join are boxed (one allocation each):
// the report lists each as a field of kind `box` inside the join's awaitee,
// with the boxed frame's size; they are part of the awaitee's bytes, so the
// state's lines still add up to the frame.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py uses_join | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
// RUN: unawait sizes %s | %python %S/Inputs/text_adds_up.py > /dev/null
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> local() {
  unsigned char buf[100] = {};
  co_await unawait::yield_now();
  co_return buf[0];
}

UNAWAIT_ASYNC unawait::Async<int> uses_join() {
  auto [a, b] = co_await unawait::join(local(), local());
  co_return a + b;
}

// CHECK:      uses_join boxes=2 boxed_size=204
// CHECK-NEXT:   box local() in=future0 size=16 boxed_size=102 state=Suspend0
// CHECK-NEXT:   box local() in=future0 size=16 boxed_size=102 state=Suspend0
// CHECK-NOT: {{.}}

// TEXT: function `uses_join`
// TEXT:      awaitee `future0`: {{.*}}awaited here
// TEXT-NEXT:     box `local()` (in `future0`): 16 bytes, type `unawait::Async<int>`, boxed frame 102 bytes: boxed on the heap: an annotated call inside another awaited expression (unawait::join, unawait::select) is boxed
// TEXT-NEXT:     box `local()` (in `future0`): 16 bytes
