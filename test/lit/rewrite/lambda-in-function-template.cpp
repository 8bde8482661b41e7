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
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
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
// OUT: +named
// OUT-NEXT: +guard
// OUT-NEXT: +named (copy)
// OUT-NEXT: +arg
// OUT-NEXT: +arg (move)
// OUT-NEXT: +named (copy)
// OUT-NEXT: -named
// OUT-NEXT: -arg
// OUT-NEXT: -arg
// OUT-NEXT: keep: guard 3
// OUT-NEXT: -named
// OUT-NEXT: -guard
// OUT-NEXT: keep Named 21
// OUT-NEXT: -named
// OUT-NEXT: +big
// OUT-NEXT: +guard
// OUT-NEXT: +big (copy)
// OUT-NEXT: +arg
// OUT-NEXT: +arg (move)
// OUT-NEXT: +big (copy)
// OUT-NEXT: -big
// OUT-NEXT: -arg
// OUT-NEXT: -arg
// OUT-NEXT: keep: guard 3
// OUT-NEXT: -big
// OUT-NEXT: -guard
// OUT-NEXT: keep Big 146
// OUT-NEXT: -big
// OUT-NEXT: fill<2> 23
// OUT-NEXT: fill<5> 65
// OUT-NEXT: sum 63
// OUT-NEXT: sum 32
// OUT-NEXT: +cancelled
// OUT-NEXT: +cancelled (copy)
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -cancelled
// OUT-NEXT: -cancelled

// The class templates copy the function templates' parameter lists; each
// lambda returns the instance its template's arguments name.
// SHAPE: {{^}}/// unawait: the state machine of `keep::(lambda at 31:12)`
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} keep_lambda_future {
// SHAPE: {{^ *}}keep_lambda_future(const T &value_arg, Named &guard_arg, Named &&arg_arg) {
// SHAPE: {{^ *}}T copy;
// SHAPE: {{^ *}}auto f = [value, &guard](Named arg) -> keep_lambda_future<T> {
// SHAPE-NEXT: {{^ *}}return keep_lambda_future<T>(value, guard, std::move(arg));
// SHAPE: {{^}}template <int N> class {{\[\[nodiscard\]\]}} fill_lambda_future {
// SHAPE: {{^ *}}int values[N];
// SHAPE: {{^ *}}auto f = [start]() -> fill_lambda_future<N> {
// SHAPE-NEXT: {{^ *}}return fill_lambda_future<N>(start);
// SHAPE: {{^}}template <class... Ts> class {{\[\[nodiscard\]\]}} sum_lambda_future {
// SHAPE: {{^ *}}std::tuple<Ts...> copy;
// SHAPE: {{^ *}}auto f = [&all](long scale) -> sum_lambda_future<Ts...> {
// SHAPE-NEXT: {{^ *}}return sum_lambda_future<Ts...>(all, std::move(scale));

// One instance of the lambda's class per instance of its template.
// SIZES-LABEL: function `keep<Named>::(lambda at {{[0-9]+}}:12)` ({{.*}}): 64 bytes, alignment 8 bytes
// SIZES: local `copy`: 16 bytes, offset 0, type `Named`: used after the await
// SIZES-LABEL: function `keep<Big>::(lambda at {{[0-9]+}}:12)` ({{.*}}): 128 bytes, alignment 8 bytes
// SIZES: local `copy`: 80 bytes, offset 0, type `Big`: used after the await
// SIZES-LABEL: function `fill<2>::(lambda at {{[0-9]+}}:12)` ({{.*}}): 32 bytes, alignment 8 bytes
// SIZES: local `values`: 8 bytes, offset 0, type `int[2]`: used after the await
// SIZES-LABEL: function `fill<5>::(lambda at {{[0-9]+}}:12)` ({{.*}}): 48 bytes, alignment 8 bytes
// SIZES: local `values`: 20 bytes, offset 0, type `int[5]`: used after the await
// SIZES-LABEL: function `sum<int, int, int>::(lambda at {{[0-9]+}}:12)`
// SIZES: local `copy`: {{[0-9]+}} bytes, offset 0, type `std::tuple<int, int, int>`: used after the await
// SIZES-LABEL: function `sum<long, char>::(lambda at {{[0-9]+}}:12)`
// SIZES: local `copy`: {{[0-9]+}} bytes, offset 0, type `std::tuple<long, char>`: used after the await
// SIZES-LABEL: function `cancel<Named>::(lambda at {{[0-9]+}}:12)` ({{.*}}): 40 bytes
// SIZES: local `held`: 16 bytes, offset 0, type `Named`: used after the await
