// The seed's frame-size trio: a buffer used after the await is held across
// it (4 KiB), the same buffer in a block that ends before the await is not.
// The report's sizes are proven equal to sizeof by --emit-size-asserts in the
// differential run (g++ and clang++).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
// RUN: unawait sizes --format=json %s | %python %S/Inputs/sizes.py small holds_buffer drops_before_await | FileCheck %s --check-prefix=SIZES
#include <unawait/unawait.hpp>

#include <cstdio>

UNAWAIT_ASYNC unawait::Async<void> small() {
  unsigned n = 7;
  co_await unawait::yield_now();
  std::printf("%u\n", n);
}

UNAWAIT_ASYNC unawait::Async<void> holds_buffer() {
  unsigned char buf[4096] = {};
  co_await unawait::yield_now();
  std::printf("%d\n", buf[0]);
}

UNAWAIT_ASYNC unawait::Async<void> drops_before_await() {
  {
    unsigned char buf[4096] = {};
    std::printf("%d\n", buf[0]);
  }
  co_await unawait::yield_now();
}

int main() {
  unawait::block_on(small());
  unawait::block_on(holds_buffer());
  unawait::block_on(drops_before_await());
}
// OUT: 7
// OUT-NEXT: 0
// OUT-NEXT: 0

// TEXT:       function `holds_buffer` ({{.*}}frame-trio.cpp:18): 4098 bytes, alignment 1 bytes
// TEXT:       state `Suspend0` (line 20, `co_await unawait::yield_now()`): 4097 bytes
// TEXT-NEXT:      local `buf`: 4096 bytes, offset 0, type `unsigned char[4096]`: used after the await (line 21)
// TEXT:       note: buf (4096 B) is held across the await at line 20, used after the await (line 21); ending its scope before the await would shrink the frame from 4098 to 2 bytes
// TEXT-LABEL: function `drops_before_await`
// TEXT-NOT:   buf

// SIZES: small 8
// SIZES-NEXT: holds_buffer 4098
// SIZES-NEXT: drops_before_await 2
