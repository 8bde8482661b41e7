// An annotated lambda inside a function template: its generated class is a
// class template over the function template's parameters, declared as the
// template declares them (a type, a non-type parameter, a pack), and the
// lambda returns the instance its arguments name (`keep_lambda_future<T>`,
// `sum_lambda_future<Ts...>`). Each instance of the function template makes
// an instance of the class, measured with clang's instantiation of the
// lambda and reported as `keep<Big>::(lambda at L:C)`; the size asserts
// check every one. Tracers show the captures read through the closure (the
// closure's copy, made once, is never copied by the rewrite), a by-value
// parameter moved into the frame once, a kept local of the template's type
// destroyed where its scope ends, and cancellation of a suspended future.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | FileCheck %s --check-prefix=SHAPE
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/lambda_tracers.hpp"

#include <tuple>

/// A value of 64 bytes that traces its lifetime.
struct Big : Named {
  explicit Big(const char *name) : Named(name, 64) {}
  char bytes[64] = {};
};

/// A type parameter: the lambda keeps a copy of the captured value (of type
/// T) across its await, so each instance has its own size.
template <class T> int keep(T value) {
  Named guard("guard", 1);
  auto f = [value, &guard] UNAWAIT_ASYNC (Named arg) -> unawait::Async<int> {
    T copy = value;
    int v = co_await wake_yield(arg.value);
    guard.value += v;
    co_return v + static_cast<int>(sizeof(copy)) + copy.value;
  };
  int r = unawait::block_on(f(Named("arg", 2)));
  std::printf("keep: guard %d\n", guard.value);
  return r;
}

/// A non-type parameter: a kept array of N elements.
template <int N> int fill(int start) {
  auto f = [start] UNAWAIT_ASYNC () -> unawait::Async<int> {
    int values[N];
    for (int i = 0; i < N; ++i)
      values[i] = start + i;
    int extra = co_await wake_yield(N);
    int total = extra;
    for (int value : values)
      total += value;
    co_return total;
  };
  return unawait::block_on(f());
}

/// A parameter pack: the lambda keeps a tuple of the pack's types.
template <class... Ts> long sum(Ts... ts) {
  std::tuple<Ts...> all(ts...);
  auto f = [&all] UNAWAIT_ASYNC (long scale) -> unawait::Async<long> {
    std::tuple<Ts...> copy = all;
    co_await wake_yield(0);
    long total = std::apply([](auto... v) { return (0L + ... + static_cast<long>(v)); }, copy);
    co_return total * scale + static_cast<long>(sizeof...(Ts));
  };
  return unawait::block_on(f(10));
}

/// Dropping a suspended future destroys what its state holds.
template <class T> void cancel(T value) {
  auto f = [&value] UNAWAIT_ASYNC () -> unawait::Async<int> {
    T held = value;
    co_await wake_yield(0);
    co_return held.value;
  };
  poll_then_drop(f(), 1);
}

int main() {
  std::printf("keep Named %d\n", keep(Named("named", 3)));
  std::printf("keep Big %d\n", keep(Big("big")));
  std::printf("fill<2> %d\n", fill<2>(10));
  std::printf("fill<5> %d\n", fill<5>(10));
  std::printf("sum %ld\n", sum(1, 2, 3));
  std::printf("sum %ld\n", sum(1L, static_cast<char>(2)));
  cancel(Named("cancelled", 4));
}
