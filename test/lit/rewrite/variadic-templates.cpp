// Annotated function templates with a function parameter pack: the frame
// keeps the whole pack as one member (unawait::detail::pack<Ts...>), and
// poll()'s body expands `args...` over the pack's indices. By-value packs
// are moved into the frame once and destroyed last first, as a coroutine's
// parameter copies; forwarding packs keep references and forward them;
// sizeof...(args) and decltype(args) keep their meaning.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/test_futures.hpp"
#include <string>

template <class... Ts>
UNAWAIT_ASYNC unawait::Async<int> sum(Ts... args) {
  // golden begin
  co_await wake_yield(0);
  co_return (args + ... + 0) + static_cast<int>(sizeof...(args));
  // golden end
}

int count_names(const Tracer &a, int n) { return a.name[0] + n; }

template <class... Ts>
UNAWAIT_ASYNC unawait::Async<int> keep(int first, Ts... tracers) {
  co_await wake_yield(first);
  co_return first + count_names(tracers...);
}

// Tells a moved argument from a copied one.
struct Take {
  int operator()(Tracer &&t, int n) const { return t.name[0] + n; }
  int operator()(const Tracer &, int n) const { return n; }
};

// SHAPE: {{^}}template <class F, class... Args> class {{\[\[nodiscard\]\]}} call_later_future {
// SHAPE: {{^ *}}call_later_future(F &&f_arg, Args &&...args_arg) {
// SHAPE-NEXT: {{^ *}}::new (unawait::detail::address_of(this->f)) F(std::move(f_arg));
// SHAPE-NEXT: {{^ *}}::new (unawait::detail::address_of(this->args))
// SHAPE-NEXT: {{^ *}}unawait::detail::pack<Args &&...>(unawait::detail::pack_init,
// SHAPE-NEXT: {{^ *}}std::forward<Args>(args_arg)...);
// SHAPE: {{^ *}}inline unawait::Poll<output_type> poll(unawait::Context &cx) {
// SHAPE-NEXT: {{^ *}}return poll_pack(cx, std::make_index_sequence<sizeof...(Args)>());
// SHAPE: {{^ *}}template <std::size_t... I>
// SHAPE-NEXT: {{^ *}}inline unawait::Poll<output_type> poll_pack(unawait::Context &cx,
// SHAPE-NEXT: {{^ *}}std::index_sequence<I...>) {
// SHAPE: {{^ *}}unawait::detail::pack<Args &&...> args;
// SHAPE: {{^}}call_later_future<F, Args...> call_later(F f, Args &&...args) {
// SHAPE-NEXT: {{^ *}}return call_later_future<F, Args...>(std::move(f),
// SHAPE-NEXT: {{^ *}}std::forward<Args>(args)...);
template <class F, class... Args>
UNAWAIT_ASYNC unawait::Async<int> call_later(F f, Args &&...args) {
  // golden begin
  co_await wake_yield(0);
  int direct = f(std::forward<Args>(args)...);
  int spelled = f(std::forward<decltype(args)>(args)...);
  co_return direct + spelled;
  // golden end
}

template <class... Futures>
UNAWAIT_ASYNC unawait::Async<int> await_all(Futures... futures) {
  auto both = co_await unawait::join(std::move(futures)...);
  co_return std::get<0>(both) + std::get<1>(both);
}

UNAWAIT_ASYNC unawait::Async<int> leaf(int n) {
  Tracer t("leaf");
  co_await wake_yield(n);
  co_return n;
}

// The pack's elements are the generated classes of the calls.
template <class... Futures>
UNAWAIT_ASYNC unawait::Async<int> hold(Futures... futures) {
  co_await wake_yield(0);
  co_return static_cast<int>(sizeof...(futures));
}

template <class... Ts>
UNAWAIT_ASYNC unawait::Async<std::string> joined(const Ts &...parts) {
  std::string out;
  co_await wake_yield(0);
  ((out += parts, out += ';'), ...);
  co_return out + std::to_string(sizeof...(Ts));
}

// A member whose pack is its class template's, and a member template's own
// unnamed pack.
template <class... Ts> struct Adder {
  UNAWAIT_ASYNC unawait::Async<int> add(Ts... more) {
    co_await wake_yield(0);
    co_return (more + ... + base);
  }
  int base = 100;
};
struct Counter {
  template <class...>
  UNAWAIT_ASYNC unawait::Async<int> count(int n) {
    co_await wake_yield(n);
    co_return n + 1;
  }
  template <class... Ts>
  UNAWAIT_ASYNC unawait::Async<int> count_args(const Ts &...) {
    co_await wake_yield(0);
    co_return static_cast<int>(sizeof...(Ts));
  }
};

UNAWAIT_ASYNC unawait::Async<void> top() {
  int a = co_await sum(1, 2, 3);
  int b = co_await sum();
  Tracer x("x"), y("y");
  int c = co_await keep(1, std::move(y), 2);
  Tracer t("t");
  int d = co_await call_later(Take(), std::move(t), 5);
  d += co_await call_later(Take(), t, 7);
  int e = co_await await_all(wake_yield(10), wake_yield(20));
  e += co_await hold(leaf(1), leaf(2));
  std::string parts = co_await joined(std::string("p"), "q", 'r');
  std::printf("%d %d %d %d %d %s\n", a, b, c, d, e, parts.c_str());
  Adder<int, long> adder;
  Counter counter;
  std::printf("%d %d %d\n", co_await adder.add(1, 2L), co_await counter.count<char, int>(4),
              co_await counter.count_args(1, 'c', 2.0));
}

int main() {
  unawait::block_on(top());
  {
    Tracer u("u"), v("v");
    poll_then_drop(keep(2, u, 3), 1);
  }
  std::printf("%d\n", unawait::block_on(sum(1.5, 2)));
}
// The by-value pack is moved into the frame once (the second move), and a
// dropped future destroys it.
// OUT: +x
// OUT-NEXT: +y
// OUT-NEXT: +y (move)
// OUT-NEXT: +y (move)
// OUT-NEXT: -y
// OUT-NEXT: -y
// OUT-NEXT: +t
// OUT-NEXT: 9 0 124 256 32 p;q;r;3
// OUT-NEXT: 103 5 3
// OUT-NEXT: -t
// OUT-NEXT: -y
// OUT-NEXT: -x
// OUT-NEXT: +u
// OUT-NEXT: +v
// OUT-NEXT: +u (copy)
// OUT-NEXT: +u (move)
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -u
// OUT-NEXT: -u
// OUT-NEXT: -v
// OUT-NEXT: -u
// OUT-NEXT: 5

// Golden CHECK lines below are generated by python/unawait_testing/update_checks.py; do not edit them by hand.
// CHECK: {{^}}      // Suspend0: `co_await wake_yield(0)` (line 16)
// CHECK-NEXT:       ::new (unawait::detail::address_of(future0)) WakeYield(wake_yield(0));
// CHECK-NEXT:       state_ = State::Suspend0;
// CHECK-NEXT:     resume_Suspend0:
// CHECK-NEXT:       if (future0.poll(cx).is_pending()) {
// CHECK-NEXT:         on_unwind.disarm();
// CHECK-NEXT:         return unawait::pending;
// CHECK-NEXT:       }
// CHECK-NEXT:       result.emplace((unawait::detail::get<I>(args) + ... + 0) +
// CHECK-NEXT:                      static_cast<int>(sizeof...(Ts)));
// CHECK-NEXT:       goto done;
// CHECK-NEXT:     }
// CHECK-NEXT:       // Suspend0: `co_await wake_yield(0)` (line 53)
// CHECK-NEXT:       ::new (unawait::detail::address_of(future0)) WakeYield(wake_yield(0));
// CHECK-NEXT:       state_ = State::Suspend0;
// CHECK-NEXT:     resume_Suspend0: {
// CHECK-NEXT:       if (future0.poll(cx).is_pending()) {
// CHECK-NEXT:         on_unwind.disarm();
// CHECK-NEXT:         return unawait::pending;
// CHECK-NEXT:       }
// CHECK-NEXT:       int direct = f(std::forward<Args>(unawait::detail::get<I>(args))...);
// CHECK-NEXT:       int spelled = f(std::forward<Args &&>(unawait::detail::get<I>(args))...);
// CHECK-NEXT:       result.emplace(direct + spelled);
// CHECK-NEXT:       goto done;
// CHECK-NEXT:     }
// CHECK-NEXT:     }
