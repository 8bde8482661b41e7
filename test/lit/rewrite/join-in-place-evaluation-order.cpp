// A call built inside unawait::join runs in the join's constructor, after
// the arguments written after it. So it is built in place only when those
// do nothing: here `second` evaluates `label("b")` (a side effect), so
// `step(label("a"))` stays a boxed Async<int> and "a" is printed before
// "b", as C++ evaluates the arguments; in `first` the order allows it.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | FileCheck %s
#include "Inputs/test_futures.hpp"

int label(int n) {
  std::printf("argument %d\n", n);
  return n;
}

UNAWAIT_ASYNC unawait::Async<int> step(int n) {
  co_await unawait::yield_now();
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> second() {
  auto [a, b] = co_await unawait::join(step(label(1)), wake_yield(label(2)));
  co_return a + b;
}

UNAWAIT_ASYNC unawait::Async<int> first() {
  auto [a, b] = co_await unawait::join(wake_yield(label(3)), step(label(4)));
  co_return a + b;
}

int main() {
  std::printf("second = %d\n", unawait::block_on(second()));
  std::printf("first = %d\n", unawait::block_on(first()));
}
// CHECK: unawait::Join<unawait::Async<int>, WakeYield> future0;
// CHECK: unawait::Join<WakeYield, step_future> future0;

// OUT: argument 1
// OUT-NEXT: argument 2
// OUT-NEXT: second = 3
// OUT-NEXT: argument 3
// OUT-NEXT: argument 4
// OUT-NEXT: first = 7
