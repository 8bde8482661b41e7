// Found by the fuzzer (seed 3001296 of the 2026-12-06 long run): inside a
// function template, `auto f = g(x.get())` with a call that depends on the
// template's arguments and f kept across an await: clang's instance has the
// unawait::Async<T> of the unrewritten program for f, the frame keeps g's
// generated class; the size of each instance's f was unknown and the tool
// rejected the program (DependentKeptSize). `auto &&` extends the future
// the same way.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: unawait sizes --no-heap %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> triple(int v) {
  int kept[4] = {v, v, v, v};
  co_await wake_yield(0);
  co_return kept[0] + kept[1] + kept[3];
}

template <class T>
UNAWAIT_ASYNC unawait::Async<T> twice(T v) {
  co_await wake_yield(0);
  co_return v * 2;
}

template <class T> int to_int(T v) { return static_cast<int>(v); }

template <class T>
UNAWAIT_ASYNC unawait::Async<int> holder(T t) {
  auto by_value = triple(to_int(t));
  auto &&by_reference = twice(t);
  auto &&by_forwarding_ref = triple(to_int(t) + 1);
  co_await wake_yield(0);
  int sum = co_await by_value;
  sum += int(co_await by_reference);
  co_return sum + co_await by_forwarding_ref;
}

int main() {
  std::printf("%d\n", unawait::block_on(holder(1)));
  std::printf("%d\n", unawait::block_on(holder(2.5)));
}
// SIZES-LABEL: function `holder<int>`
// SIZES-DAG: local `by_value`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `triple_future`
// SIZES-DAG: local `by_reference`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `twice_future<int>`
// SIZES-DAG: local `by_forwarding_ref`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `triple_future`
// SIZES-LABEL: function `holder<double>`
// SIZES-DAG: local `by_value`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `triple_future`
// SIZES-DAG: local `by_reference`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `twice_future<double>`
// SIZES-NOT: box

// OUT: 11
// OUT-NEXT: 20
