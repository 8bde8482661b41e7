// An awaited function declared before its definition keeps the Async<T>
// signature: its frame is boxed on the heap. The report lists the awaitee
// as a field of kind `box` with the boxed frame's size (`declared` is
// analysed here: 208 bytes), and the function's box count.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py declared caller | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> declared(int n);

UNAWAIT_ASYNC unawait::Async<int> declared(int n) {
  unsigned char buf[200] = {};
  co_await unawait::yield_now();
  co_return n + buf[0];
}

UNAWAIT_ASYNC unawait::Async<int> caller() { co_return co_await declared(1); }

// CHECK:      declared boxes=0 boxed_size=0
// CHECK-NEXT: caller boxes=1 boxed_size=208
// CHECK-NEXT:   box future0 in=- size=16 boxed_size=208 state=Suspend0
// CHECK-NOT: {{.}}

// TEXT: box `future0`: 16 bytes, offset 0, type `unawait::Async<int>`, boxed frame 208 bytes: awaited here, boxed on the heap: the callee is declared separately from its definition, so it keeps the unawait::Async<T> signature
