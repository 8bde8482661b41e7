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
// lambda's frame inside the function's. In an annotated member of a class
// template (or member template) both classes are nested in the class
// template, the lambda's first.
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

/// An annotated member of a class template, and a member template: the
/// lambda's class is nested in the class template beside the member's.
template <class T> class Pipe {
public:
  explicit Pipe(T value) : value_(value) {}

  UNAWAIT_ASYNC unawait::Async<int> run(int n) {
    co_await wake_yield(0);
    auto f = [this, &n] UNAWAIT_ASYNC () -> unawait::Async<int> {
      T held = value_;
      int v = co_await wake_yield(n);
      co_return v + held.value;
    };
    int r = co_await f();
    co_return r + 1;
  }

  template <int N> UNAWAIT_ASYNC unawait::Async<int> scaled() {
    auto f = [this] UNAWAIT_ASYNC () -> unawait::Async<int> {
      int scratch[N] = {};
      scratch[0] = co_await wake_yield(N);
      co_return scratch[0] * value_.value;
    };
    co_return co_await f();
  }

private:
  T value_;
};

int main() {
  std::printf("relay Named %d\n", unawait::block_on(relay(Named("named", 3), 10)));
  std::printf("relay Big %d\n", unawait::block_on(relay(Big("big"), 20)));
  for (int polls = 0; polls < 4; ++polls)
    poll_then_drop(relay(Named("dropped", 5), 0), polls);
  Pipe<Named> named(Named("pipe", 2));
  std::printf("run Named %d\n", unawait::block_on(named.run(5)));
  std::printf("scaled<3> %d\n", unawait::block_on(named.scaled<3>()));
  Pipe<Big> big(Big("big pipe"));
  std::printf("run Big %d\n", unawait::block_on(big.run(6)));
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
// OUT-NEXT: +pipe
// OUT-NEXT: +pipe (copy)
// OUT-NEXT: -pipe
// OUT-NEXT: +pipe (copy)
// OUT-NEXT: -pipe
// OUT-NEXT: run Named 8
// OUT-NEXT: scaled<3> 6
// OUT-NEXT: +big pipe
// OUT-NEXT: +big pipe (copy)
// OUT-NEXT: -big pipe
// OUT-NEXT: +big pipe (copy)
// OUT-NEXT: -big pipe
// OUT-NEXT: run Big 71
// OUT-NEXT: -big pipe
// OUT-NEXT: -pipe

// The lambda's class template first, then the function's, whose frame
// nests the lambda's instance; in the class template, both nested.
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} relay_lambda_future {
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} relay_future {
// SHAPE: {{^ *}}auto f = [&local = local, &n = n](int m) -> relay_lambda_future<T> {
// SHAPE-NEXT: {{^ *}}return relay_lambda_future<T>(local, n, std::move(m));
// SHAPE: {{^ *}}::new (unawait::detail::address_of(future1)) relay_lambda_future<T>(f(1));
// SHAPE: {{^ *}}relay_lambda_future<T> future1;
// SHAPE: {{^ *}}class {{\[\[nodiscard\]\]}} run_lambda_future {
// SHAPE: {{^ *}}class {{\[\[nodiscard\]\]}} run_future {
// SHAPE: {{^ *}}auto f = [this, &n = n]() -> run_lambda_future {
// SHAPE-NEXT: {{^ *}}return run_lambda_future(self, n);
// SHAPE: {{^ *}}run_lambda_future future1;
// SHAPE: {{^ *}}template <int N> class {{\[\[nodiscard\]\]}} scaled_lambda_future {
// SHAPE: {{^ *}}template <int N> class {{\[\[nodiscard\]\]}} scaled_future {
// SHAPE: {{^ *}}auto f = [this]() -> scaled_lambda_future<N> {
// SHAPE-NEXT: {{^ *}}return scaled_lambda_future<N>(self);

// SIZES-LABEL: function `relay<Named>` ({{.*}}): 96 bytes, alignment 8 bytes
// SIZES: awaitee `future1`: 48 bytes, offset {{[0-9]+}}, type `relay_lambda_future<Named>`: awaited here
// SIZES-LABEL: function `relay<Big>` ({{.*}}): 288 bytes, alignment 8 bytes
// SIZES: awaitee `future1`: 112 bytes, offset {{[0-9]+}}, type `relay_lambda_future<Big>`: awaited here
// SIZES-LABEL: function `relay<Named>::(lambda at 33:12)` ({{.*}}): 48 bytes, alignment 8 bytes
// SIZES: local `held`: 16 bytes, offset 0, type `Named`: used after the await
// SIZES-LABEL: function `relay<Big>::(lambda at 33:12)` ({{.*}}): 112 bytes, alignment 8 bytes
// SIZES: local `held`: 80 bytes, offset 0, type `Big`: used after the await
// SIZES-LABEL: function `Pipe<Named>::run` ({{.*}}): 72 bytes, alignment 8 bytes
// SIZES: awaitee `future1`: 48 bytes, offset {{[0-9]+}}, type `::Pipe<Named>::run_lambda_future`: awaited here
// SIZES-LABEL: function `Pipe<Big>::run` ({{.*}}): 136 bytes, alignment 8 bytes
// SIZES: awaitee `future1`: 112 bytes, offset {{[0-9]+}}, type `::Pipe<Big>::run_lambda_future`: awaited here
// SIZES-LABEL: function `Pipe<Named>::run::(lambda at 52:14)` ({{.*}}): 48 bytes, alignment 8 bytes
// SIZES-LABEL: function `Pipe<Big>::run::(lambda at 52:14)` ({{.*}}): 112 bytes, alignment 8 bytes
// SIZES-LABEL: function `Pipe<Named>::scaled<3>` ({{.*}}): 56 bytes, alignment 8 bytes
// SIZES-LABEL: function `Pipe<Named>::scaled<3>::(lambda at 62:14)` ({{.*}}): 40 bytes, alignment 8 bytes
