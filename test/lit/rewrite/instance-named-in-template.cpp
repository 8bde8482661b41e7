// An instance of an annotated function template named only in another
// template's body, which clang does not instantiate: clang leaves the
// instance without a body, and the tool instantiates it (the frame of the
// template that awaits it holds the instance's future, and a value in it
// has a type that depends on template arguments until then).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

template <class... Args>
UNAWAIT_ASYNC unawait::Async<int> count(Args &&...args) {
  int sum = (sizeof...(args) > 1 ? 1 : co_await wake_yield(2)) * 10;
  co_await wake_yield(0);
  co_return sum + static_cast<int>(sizeof...(args));
}

template <class T>
UNAWAIT_ASYNC unawait::Async<int> never_instantiated(T) {
  Tracer kept("never");
  co_return co_await count(kept, 1.5);
}

template <class T>
UNAWAIT_ASYNC unawait::Async<int> caller(T t) {
  Tracer kept("kept");
  co_return co_await count(kept, +t);
}

int main() { std::printf("caller(1) = %d\n", unawait::block_on(caller(1))); }
// OUT: +kept
// OUT-NEXT: -kept
// OUT-NEXT: caller(1) = 12

// Both instances are measured, the one clang left without a body too.
// SIZES-DAG: function `count<Tracer &, double>`
// SIZES-DAG: function `count<Tracer &, int>`
