// --diff follows a boxed frame: when the frame of a separately declared
// callee grows (208 -> 592 bytes), its caller's 16-byte box is unchanged but
// the caller is "changed" by the boxed frame's growth, and the markdown
// names the box.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/io.cpp
// RUN: cd %t && unawait sizes --format=json io.cpp -- -std=c++20 -I%runtime_include > base.json
// RUN: cd %t && unawait sizes --format=json io.cpp -- -std=c++20 -I%runtime_include -DGROW > head.json
// RUN: cd %t && unawait sizes --diff base.json head.json | FileCheck %s --match-full-lines
// RUN: cd %t && unawait sizes --diff base.json head.json --format=markdown | FileCheck %s --check-prefix=MD
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> read_block();

UNAWAIT_ASYNC unawait::Async<int> read_block() {
#ifdef GROW
  unsigned char buf[584] = {};
#else
  unsigned char buf[200] = {};
#endif
  co_await unawait::yield_now();
  co_return buf[0];
}

UNAWAIT_ASYNC unawait::Async<int> caller() { co_return co_await read_block(); }

// CHECK:      caller: 24+202 boxed -> 24+586 boxed bytes (+384), changed
// CHECK-NEXT: read_block: 202 -> 586 bytes (+384), changed

// The total counts frames only (read_block's is counted once).
// MD: Total: 226 → 610 bytes, +384 B (+169.9%). 2 changed, 0 new, 0 removed, 0 unchanged.

// MD: | `caller` | io.cpp:24 | 24+202 boxed | 24+586 boxed | +384 B (+169.9%) | box `future0`: 202 → 586 B |
