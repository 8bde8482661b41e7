// Annotated calls inside unawait::join nest inline: the join's awaitee is
// unawait::Join<local_future, local_future>, holding both frames (no `box`
// field, nothing on the heap), so `sizes --no-heap` passes.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py uses_join | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
// RUN: unawait sizes %s | %python %S/Inputs/text_adds_up.py > /dev/null
// RUN: unawait sizes --no-heap %s > /dev/null
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

// CHECK:      uses_join boxes=0 boxed_size=0
// CHECK-NOT: {{.}}

// TEXT: function `uses_join`
// TEXT:      awaitee `future0`: 220 bytes, offset 0, type `unawait::Join<local_future, local_future>`: awaited here
// TEXT-NOT:  box
