// A virtual annotated member keeps the Async<T> signature (overrides return
// the same type): awaiting it is a box.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py Sensor::read poll_sensor | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
#include <unawait/unawait.hpp>

struct Sensor {
  UNAWAIT_ASYNC virtual unawait::Async<int> read() {
    co_await unawait::yield_now();
    co_return 1;
  }
};

UNAWAIT_ASYNC unawait::Async<int> poll_sensor(Sensor &s) { co_return co_await s.read(); }

// CHECK:      Sensor::read boxes=0 boxed_size=0
// CHECK-NEXT: poll_sensor boxes=1 boxed_size=[[#SIZE:]]
// CHECK-NEXT:   box future0 in=- size=16 boxed_size=[[#SIZE]] state=Suspend0

// TEXT: box `future0`: {{.*}}: awaited here, boxed on the heap: the callee is virtual, so it keeps the unawait::Async<T> signature
