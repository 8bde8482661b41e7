// An annotated lambda inside a member template of a class that is not a
// template, defined in the class and outside it: the lambda's class is a
// member class template over the member template's parameters, declared in
// the class and defined before the definition outside it (`template <class
// U> class Scaler::scale_lambda_future`). Each instance of the member
// template is measured, and checked by the size asserts; tracers show the
// copy the lambda keeps made once, and destroyed where its scope ends.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/lambda_tracers.hpp"

struct Scaler {
  template <class U> int scale(const U &u);

  template <int N> int repeat() {
    auto f = [this] UNAWAIT_ASYNC () -> unawait::Async<int> {
      int counts[N] = {};
      counts[N - 1] = co_await wake_yield(N);
      co_return counts[N - 1] * factor;
    };
    return unawait::block_on(f());
  }

  int factor = 2;
};

template <class U> int Scaler::scale(const U &u) {
  auto f = [this, &u] UNAWAIT_ASYNC () -> unawait::Async<int> {
    U copy = u;
    co_await wake_yield(0);
    co_return copy.value * factor;
  };
  return unawait::block_on(f());
}

int main() {
  Scaler s;
  Named named("named", 5);
  std::printf("scale %d\n", s.scale(named));
  std::printf("repeat<1> %d\n", s.repeat<1>());
  std::printf("repeat<6> %d\n", s.repeat<6>());
}
// OUT: +named
// OUT-NEXT: +named (copy)
// OUT-NEXT: -named
// OUT-NEXT: scale 10
// OUT-NEXT: repeat<1> 2
// OUT-NEXT: repeat<6> 12
// OUT-NEXT: -named

// SHAPE: {{^ *}}template <class U> class scale_lambda_future;
// SHAPE: {{^ *}}template <int N> class {{\[\[nodiscard\]\]}} repeat_lambda_future {
// SHAPE: {{^ *}}auto f = [this]() -> repeat_lambda_future<N> {
// SHAPE-NEXT: {{^ *}}return repeat_lambda_future<N>(this);
// SHAPE: {{^}}template <class U> class {{\[\[nodiscard\]\]}} Scaler::scale_lambda_future {
// SHAPE: {{^ *}}auto f = [this, &u]() -> Scaler::scale_lambda_future<U> {
// SHAPE-NEXT: {{^ *}}return scale_lambda_future<U>(this, u);

// SIZES-LABEL: function `Scaler::repeat<1>::(lambda at {{[0-9]+}}:14)` ({{.*}}): 32 bytes
// SIZES: local `counts`: 4 bytes, offset 0, type `int[1]`: used after the await
// SIZES-LABEL: function `Scaler::repeat<6>::(lambda at {{[0-9]+}}:14)` ({{.*}}): 48 bytes
// SIZES: local `counts`: 24 bytes, offset 0, type `int[6]`: used after the await
// SIZES-LABEL: function `Scaler::scale<Named>::(lambda at {{[0-9]+}}:12)` ({{.*}}): 48 bytes
// SIZES: local `copy`: 16 bytes, offset 0, type `Named`: used after the await
