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
// RUN: unawait rewrite %s | FileCheck %s --check-prefix=SHAPE
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
