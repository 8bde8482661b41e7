// A box kept in a variable holds the frame of a function template's
// instance: the report gives each box the size of its own instance's frame
// (twice<int> 24 bytes, twice<long> 48), not an unknown size, and --no-heap
// rejects both calls.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py 'twice<int>' 'twice<long>' user | FileCheck %s --match-full-lines
// RUN: not unawait sizes --no-heap %s 2>&1 | FileCheck %s --check-prefix=GATE
#include <unawait/unawait.hpp>

template <class T>
UNAWAIT_ASYNC unawait::Async<T> twice(T v) {
  T big[4] = {v, v, v, v};
  co_await unawait::yield_now();
  co_return big[0] + big[3];
}

UNAWAIT_ASYNC unawait::Async<int> user() {
  unawait::Async<int> stored = twice(3);
  unawait::Async<long> other = twice(4L);
  int first = co_await std::move(stored);
  co_return first + static_cast<int>(co_await std::move(other));
}

// CHECK:      twice<int> boxes=0 boxed_size=0
// CHECK-NEXT: twice<long> boxes=0 boxed_size=0
// CHECK-NEXT: user boxes=2 boxed_size=72
// CHECK-NEXT:   box stored in=- size=16 boxed_size=24 state=Suspend0
// CHECK-NEXT:   box other in=- size=16 boxed_size=48 state=Suspend0
// CHECK-NEXT:   box stored in=- size=16 boxed_size=24 state=Suspend1
// CHECK-NEXT:   box other in=- size=16 boxed_size=48 state=Suspend1

// GATE: box-stored-template-instance.cpp:17:32: error: the frame of 'twice(3)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap)
// GATE: box-stored-template-instance.cpp:18:32: error: the frame of 'twice(4L)' is boxed in a heap-allocated 'unawait::Async<long>' (--no-heap)
// GATE: 2 errors generated.
