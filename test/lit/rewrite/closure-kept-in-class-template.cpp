// Closures kept across an await in templates other than a function template
// at namespace scope: a member of a class template (an annotated lambda
// capturing by copy, awaited there; a plain lambda whose copy has a
// destructor) and an annotated lambda inside a function template that keeps
// an annotated lambda's closure. The frame keeps each in bytes bounded by
// the types of the closure's members (unawait::detail::closure_bound), which
// the compiler evaluates in each instance. The copies are made once and
// destroyed when the scope ends, after the await, or when the future is
// dropped while suspended. (Before, each was the error KeptClosureInTemplate.)
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/lambda_tracers.hpp"

template <class T> int value_of(const T &v) { return static_cast<int>(v); }
int value_of(const Named &n) { return n.value; }

template <class T> struct Box {
  T value;
  UNAWAIT_ASYNC unawait::Async<int> by_copy(int extra) {
    T copy = value;
    auto f = [copy, extra] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await wake_yield(value_of(copy) + extra);
    };
    co_return co_await f();
  }
  UNAWAIT_ASYNC unawait::Async<int> logs() {
    Tracer guard("guard");
    auto log = [guard, this](int n) { std::printf("%s %d %d\n", guard.name, value_of(value), n); };
    log(1);
    int got = co_await wake_yield(2);
    co_return got;
  }
};

template <class T> UNAWAIT_ASYNC unawait::Async<int> outer(T t) {
  auto inner = [&t] UNAWAIT_ASYNC () -> unawait::Async<int> {
    T copy = t;
    auto g = [copy] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await wake_yield(value_of(copy) * 2);
    };
    co_return co_await g();
  };
  co_return co_await inner();
}

int main() {
  Box<Named> named{Named("boxed", 3)};
  std::printf("%d\n", unawait::block_on(named.by_copy(1)));
  poll_then_drop(named.by_copy(2), 1);
  Box<int> plain{4};
  std::printf("%d\n", unawait::block_on(plain.by_copy(5)));
  std::printf("%d\n", unawait::block_on(plain.logs()));
  poll_then_drop(plain.logs(), 1);
  std::printf("%d\n", unawait::block_on(outer(Named("outer", 6))));
  poll_then_drop(outer(Named("dropped", 7)), 1);
  std::printf("%d\n", unawait::block_on(outer(8)));
}
// OUT: +boxed
// OUT-NEXT: +boxed (copy)
// OUT-NEXT: +boxed (copy)
// OUT-NEXT: -boxed
// OUT-NEXT: -boxed
// OUT-NEXT: 4
// OUT-NEXT: +boxed (copy)
// OUT-NEXT: +boxed (copy)
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -boxed
// OUT-NEXT: -boxed
// OUT-NEXT: 9
// OUT-NEXT: +guard
// OUT-NEXT: +guard (copy)
// OUT-NEXT: guard 4 1
// OUT-NEXT: -guard
// OUT-NEXT: -guard
// OUT-NEXT: 2
// OUT-NEXT: +guard
// OUT-NEXT: +guard (copy)
// OUT-NEXT: guard 4 1
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -guard
// OUT-NEXT: -guard
// OUT-NEXT: +outer
// OUT-NEXT: +outer (move)
// OUT-NEXT: +outer (copy)
// OUT-NEXT: +outer (copy)
// OUT-NEXT: -outer
// OUT-NEXT: -outer
// OUT-NEXT: -outer
// OUT-NEXT: 12
// OUT-NEXT: -outer
// OUT-NEXT: +dropped
// OUT-NEXT: +dropped (move)
// OUT-NEXT: +dropped (copy)
// OUT-NEXT: +dropped (copy)
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: -dropped
// OUT-NEXT: 16
// OUT-NEXT: -boxed

// CHECK: unawait::detail::UnnamedObject<
// CHECK-NEXT: unawait::detail::closure_bound<T, int>::size,
// CHECK: unawait::detail::closure_bound<Tracer, void *>::size

// SIZES: function `Box<Named>::by_copy`
// SIZES: local `f`: 32 bytes, offset 16, type `unawait::detail::UnnamedObject<24, 8>`
// SIZES: function `Box<int>::by_copy`
// SIZES: local `f`: 16 bytes, offset 8, type `unawait::detail::UnnamedObject<8, 4>`
