// A closure with a destructor kept across an await in a function template
// (named only before the await): each instance keeps it in an
// unawait::detail::UnnamedObject of the bytes closure_bound gives for the
// types of the closure's members (T = int, long, Label). The capture is
// copied once into the closure, and destroyed when the scope ends, after
// the await, or when the future is dropped while suspended. An annotated
// lambda capturing by copy, awaited in a function template, is such a
// closure too (its future reads the closure's copies); one whose captures do
// not depend on T has no destructor, and is kept in raw bytes of its bound.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/lambda_tracers.hpp"

/// A copyable tracer whose moved-from objects end silently (when a
/// moved-from by-value argument ends differs: docs/design.md).
struct Label {
  explicit Label(int given) : id(given) { std::printf("+label %d\n", id); }
  Label(const Label &other) : id(other.id) { std::printf("+label %d (copy)\n", id); }
  Label(Label &&other) noexcept : id(std::exchange(other.id, 0)) {}
  ~Label() {
    if (id)
      std::printf("-label %d\n", id);
  }
  int id;
};

template <class T> int value_of(const T &v) { return static_cast<int>(v); }
int value_of(const Label &l) { return l.id; }

template <class T>
UNAWAIT_ASYNC unawait::Async<int> log_twice(T v) {
  int got = 0;
  {
    Tracer guard("guard");
    auto log = [guard, v](int n) { std::printf("%s %d %d\n", guard.name, value_of(v), n); };
    log(1);
    got = co_await wake_yield(2);
  }
  std::printf("after the scope\n");
  co_return got;
}

template <class T> UNAWAIT_ASYNC unawait::Async<int> by_copy(T value) {
  auto f = [value] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return value_of(value);
  };
  co_return co_await f();
}

template <class T> UNAWAIT_ASYNC unawait::Async<int> ints_by_copy(T value) {
  int n = value_of(value) + 1;
  auto f = [n] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return n;
  };
  co_return co_await f();
}

UNAWAIT_ASYNC unawait::Async<int> caller() {
  int a = co_await log_twice(5L);
  co_return a + co_await log_twice(Label(100));
}

int main() {
  std::printf("%d\n", unawait::block_on(log_twice(3)));
  std::printf("%d\n", unawait::block_on(caller()));
  poll_then_drop(log_twice(4), 1);
  std::printf("%d\n", unawait::block_on(by_copy(Label(7))));
  poll_then_drop(by_copy(8), 1);
  std::printf("%d\n", unawait::block_on(ints_by_copy(Label(9))));
  std::printf("%d\n", unawait::block_on(ints_by_copy(10)));
}
// OUT: +guard
// OUT-NEXT: +guard (copy)
// OUT-NEXT: guard 3 1
// OUT-NEXT: -guard
// OUT-NEXT: -guard
// OUT-NEXT: after the scope
// OUT-NEXT: 2
// OUT-NEXT: +guard
// OUT-NEXT: +guard (copy)
// OUT-NEXT: guard 5 1
// OUT-NEXT: -guard
// OUT-NEXT: -guard
// OUT-NEXT: after the scope
// OUT-NEXT: +label 100
// OUT-NEXT: +guard
// OUT-NEXT: +guard (copy)
// OUT-NEXT: +label 100 (copy)
// OUT-NEXT: guard 100 1
// OUT-NEXT: -label 100
// OUT-NEXT: -guard
// OUT-NEXT: -guard
// OUT-NEXT: after the scope
// OUT-NEXT: -label 100
// OUT-NEXT: 4
// OUT-NEXT: +guard
// OUT-NEXT: +guard (copy)
// OUT-NEXT: guard 4 1
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -guard
// OUT-NEXT: -guard
// OUT-NEXT: +label 7
// OUT-NEXT: +label 7 (copy)
// OUT-NEXT: -label 7
// OUT-NEXT: -label 7
// OUT-NEXT: 7
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: +label 9
// OUT-NEXT: -label 9
// OUT-NEXT: 10
// OUT-NEXT: 11

// CHECK: unawait::detail::UnnamedObject<
// CHECK-NEXT: unawait::detail::closure_bound<Tracer, T>::size,
// CHECK-NEXT: unawait::detail::closure_bound<Tracer, T>::align>
// CHECK: alignas(unawait::detail::closure_bound<int>::align) unsigned char f
// CHECK-NEXT: [unawait::detail::closure_bound<int>::size];

// SIZES: function `log_twice<int>`
// SIZES: local `log`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `unawait::detail::UnnamedObject<16, 8>`
