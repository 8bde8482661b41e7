// An annotated lambda inside an annotated function template: the lambda's
// class, a class template over the function template's parameters, goes
// before the function's class template, and the function's poll() builds
// the lambda's instance its own arguments name (`relay_lambda_future<T>`).
// The function awaits the lambda's future: in the function's frame it is an
// awaitee of the lambda's class, nested inline. The lambda captures by
// reference and is named before the await only, so its closure need not
// stay in the frame (a closure kept in a template's frame is an error:
// errors/lambda-in-template.cpp). Each
// instance of the function template makes an instance of both classes,
// both measured and checked by the size asserts. Tracers show the captured
// local read in place (never copied by the rewrite), a kept local of the
// template's type destroyed where its scope ends, and cancellation in the
// lambda's frame inside the function's.
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

template <class T> UNAWAIT_ASYNC unawait::Async<int> relay(T value, int n) {
  T local = value;
  co_await wake_yield(0);
  auto f = [&local, &n] UNAWAIT_ASYNC (int m) -> unawait::Async<int> {
    T held = local;
    int v = co_await wake_yield(m);
    co_return v + n + held.value;
  };
  int first = co_await f(1);
  local.value = -1;
  co_await wake_yield(0);
  co_return first + local.value;
}

int main() {
  std::printf("relay Named %d\n", unawait::block_on(relay(Named("named", 3), 10)));
  std::printf("relay Big %d\n", unawait::block_on(relay(Big("big"), 20)));
  for (int polls = 0; polls < 4; ++polls)
    poll_then_drop(relay(Named("dropped", 5), 0), polls);
}
// OUT: +named
// OUT-NEXT: +named (move)
// OUT-NEXT: +named (copy)
// OUT-NEXT: +named (copy)
// OUT-NEXT: -named
// OUT-NEXT: -named
// OUT-NEXT: -named
// OUT-NEXT: relay Named 13
// OUT-NEXT: -named
// OUT-NEXT: +big
// OUT-NEXT: +big (move)
// OUT-NEXT: +big (copy)
// OUT-NEXT: +big (copy)
// OUT-NEXT: -big
// OUT-NEXT: -big
// OUT-NEXT: -big
// OUT-NEXT: relay Big 84
// OUT-NEXT: -big
// OUT-NEXT: +dropped
// OUT-NEXT: +dropped (move)
// OUT-NEXT: dropped after 0 polls
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: +dropped
// OUT-NEXT: +dropped (move)
// OUT-NEXT: +dropped (copy)
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: +dropped
// OUT-NEXT: +dropped (move)
// OUT-NEXT: +dropped (copy)
// OUT-NEXT: +dropped (copy)
// OUT-NEXT: dropped after 2 polls
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: +dropped
// OUT-NEXT: +dropped (move)
// OUT-NEXT: +dropped (copy)
// OUT-NEXT: +dropped (copy)
// OUT-NEXT: -dropped
// OUT-NEXT: dropped after 3 polls
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped

// The lambda's class template first, then the function's, whose frame
// nests the lambda's instance.
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} relay_lambda_future {
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} relay_future {
// SHAPE: {{^ *}}auto f = [&local = local, &n = n](int m) -> relay_lambda_future<T> {
// SHAPE-NEXT: {{^ *}}return relay_lambda_future<T>(local, n, std::move(m));
// SHAPE: {{^ *}}::new (unawait::detail::address_of(future1)) relay_lambda_future<T>(f(1));
// SHAPE: {{^ *}}relay_lambda_future<T> future1;

// SIZES-LABEL: function `relay<Named>` ({{.*}}): 96 bytes, alignment 8 bytes
// SIZES: awaitee `future1`: 48 bytes, offset {{[0-9]+}}, type `relay_lambda_future<Named>`: awaited here
// SIZES-LABEL: function `relay<Big>` ({{.*}}): 288 bytes, alignment 8 bytes
// SIZES: awaitee `future1`: 112 bytes, offset {{[0-9]+}}, type `relay_lambda_future<Big>`: awaited here
// SIZES-LABEL: function `relay<Named>::(lambda at 31:12)` ({{.*}}): 48 bytes, alignment 8 bytes
// SIZES: local `held`: 16 bytes, offset 0, type `Named`: used after the await
// SIZES-LABEL: function `relay<Big>::(lambda at 31:12)` ({{.*}}): 112 bytes, alignment 8 bytes
// SIZES: local `held`: 80 bytes, offset 0, type `Big`: used after the await
