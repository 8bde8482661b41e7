// An annotated lambda inside a member function of a class template, and
// inside a member template: its generated class is nested in the class (a
// member of the class template, so a template over the class's parameters
// already), a class template over the member template's parameters for the
// latter (`Holder<T>::fetch_lambda_future<U>`). It reaches the class's
// private members as the member does, through the captured `this` (the
// frame's `self`) or the closure's copy of `*this`. Each instance of the
// class (and of the member template) makes an instance of the lambda's
// class, measured and checked by the size asserts. Tracers show the copy of
// `*this` made once by the closure and read in place, a kept local of the
// class's parameter type destroyed where its scope ends.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/lambda_tracers.hpp"

/// A value of 64 bytes that traces its lifetime.
struct Big : Named {
  explicit Big(const char *name) : Named(name, 64) {}
  char bytes[64] = {};
};

template <class T> class Holder {
public:
  explicit Holder(T value) : value_(value) {}

  /// A member function: the lambda captures `this`.
  int twice() {
    auto f = [this] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
      T copy = value_;
      int v = co_await wake_yield(n);
      co_return v + copy.value * 2 + secret_;
    };
    return unawait::block_on(f(1));
  }

  /// A member template: the lambda copies `*this`.
  template <int N> int fetch() const {
    auto f = [*this] UNAWAIT_ASYNC () -> unawait::Async<int> {
      int scratch[N] = {};
      scratch[N - 1] = co_await wake_yield(N);
      co_return scratch[N - 1] + value_.value + secret_;
    };
    return unawait::block_on(f());
  }

private:
  T value_;
  int secret_ = 100;
};

int main() {
  Holder<Named> named(Named("named", 1));
  std::printf("twice %d\n", named.twice());
  std::printf("fetch<1> %d\n", named.fetch<1>());
  std::printf("fetch<8> %d\n", named.fetch<8>());
  Holder<Big> big(Big("big"));
  std::printf("twice %d\n", big.twice());
  std::printf("fetch<2> %d\n", big.fetch<2>());
}
// OUT: +named
// OUT-NEXT: +named (copy)
// OUT-NEXT: -named
// OUT-NEXT: +named (copy)
// OUT-NEXT: -named
// OUT-NEXT: twice 103
// OUT-NEXT: +named (copy)
// OUT-NEXT: -named
// OUT-NEXT: fetch<1> 102
// OUT-NEXT: +named (copy)
// OUT-NEXT: -named
// OUT-NEXT: fetch<8> 109
// OUT-NEXT: +big
// OUT-NEXT: +big (copy)
// OUT-NEXT: -big
// OUT-NEXT: +big (copy)
// OUT-NEXT: -big
// OUT-NEXT: twice 229
// OUT-NEXT: +big (copy)
// OUT-NEXT: -big
// OUT-NEXT: fetch<2> 166
// OUT-NEXT: -big
// OUT-NEXT: -named

// Nested in the class template; the member template's lambda's class is a
// member class template over the member template's parameters.
// SHAPE: {{^}}template <class T> class Holder {
// SHAPE: {{^ *}}/// unawait: the state machine of `Holder::twice::(lambda at 31:14)`
// SHAPE: {{^ *}}class {{\[\[nodiscard\]\]}} twice_lambda_future {
// SHAPE: {{^ *}}twice_lambda_future(Holder<T> *self_arg, int &&n_arg) {
// SHAPE: {{^ *}}::new (unawait::detail::address_of(copy)) T(self->value_);
// SHAPE: {{^ *}}auto f = [this](int n) -> twice_lambda_future {
// SHAPE-NEXT: {{^ *}}return twice_lambda_future(this, std::move(n));
// SHAPE: {{^ *}}template <int N> class {{\[\[nodiscard\]\]}} fetch_lambda_future {
// SHAPE: {{^ *}}explicit fetch_lambda_future(const Holder<T> *self_arg) {
// SHAPE: {{^ *}}auto f = [*this]() -> fetch_lambda_future<N> {
// SHAPE-NEXT: {{^ *}}return fetch_lambda_future<N>(this);

// One instance per instance of the class (and of the member template).
// SIZES-LABEL: function `Holder<Named>::twice::(lambda at 31:14)` ({{.*}}): 40 bytes, alignment 8 bytes
// SIZES: this `this`: 8 bytes, offset 16, type `Holder<Named> *`
// SIZES: local `copy`: 16 bytes, offset 0, type `Named`: used after the await
// SIZES-LABEL: function `Holder<Big>::twice::(lambda at 31:14)` ({{.*}}): 104 bytes, alignment 8 bytes
// SIZES: local `copy`: 80 bytes, offset 0, type `Big`: used after the await
// SIZES-LABEL: function `Holder<Named>::fetch<1>::(lambda at 41:14)` ({{.*}}): 32 bytes, alignment 8 bytes
// SIZES: this `this`: 8 bytes, offset 8, type `const Holder<Named> *`
// SIZES: local `scratch`: 4 bytes, offset 0, type `int[1]`: used after the await
// SIZES-LABEL: function `Holder<Named>::fetch<8>::(lambda at 41:14)` ({{.*}}): 56 bytes, alignment 8 bytes
// SIZES: local `scratch`: 32 bytes, offset 0, type `int[8]`: used after the await
// SIZES-LABEL: function `Holder<Big>::fetch<2>::(lambda at 41:14)` ({{.*}}): 32 bytes, alignment 8 bytes
// SIZES: this `this`: 8 bytes, offset 8, type `const Holder<Big> *`
