// Found by the fuzzer (seeds 1000361 and 1000425 of the 2026-12-06 long
// run): inside a function template, `auto f = g(...)` with a call that does
// not depend on the template's arguments, f only awaited: the frame keeps
// g's generated class in every instance (auto-future-nested.cpp), but the
// report measured each instance's f from clang's instantiation, where it is
// the unawait::Async<T> of the unrewritten program: the size assertions
// failed (208 bytes against the 184 reported).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: unawait sizes --no-heap %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

template <class T>
UNAWAIT_ASYNC unawait::Async<T> twice(T v) {
  co_await wake_yield(0);
  co_return v * 2;
}

template <class T>
UNAWAIT_ASYNC unawait::Async<int> holder(T t) {
  auto pending = twice(21L);
  co_await wake_yield(0);
  co_return static_cast<int>(co_await pending) + int(t);
}

int main() {
  std::printf("%d\n", unawait::block_on(holder(1)));
  std::printf("%d\n", unawait::block_on(holder(2.5)));
}
// SIZES-LABEL: function `holder<int>`
// SIZES: local `pending`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `twice_future<long>`
// SIZES-LABEL: function `holder<double>`
// SIZES: local `pending`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `twice_future<long>`
// SIZES-NOT: box

// OUT: 43
// OUT-NEXT: 44
