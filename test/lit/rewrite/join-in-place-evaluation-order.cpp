// The children of unawait::join / unawait::select are built in argument
// order, inside the combinator, so the arguments after a call built in
// place are built by makers too: `second` evaluates `label(1)` (and builds
// step's class) before `wake_yield(label(2))`, as C++ evaluates the
// arguments, and `timed` builds its Sleep (reading the clock) after step
// (the int temporary std::chrono::minutes binds ends with the maker).
// A maker saves the move of the future it builds, so only a future whose
// move is unobservable is built by one (trivially copyable, or the
// runtime's): `kept_box`'s TracedYield, which traces its moves, stays an
// argument, and since its construction prints, the annotated call before it
// stays a boxed Async<int>; in `first` the order allows it as before.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
#include "Inputs/test_futures.hpp"
#include <chrono>

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

UNAWAIT_ASYNC unawait::Async<int> timed() {
  auto winner = co_await unawait::select(step(label(5)), unawait::sleep_for(std::chrono::minutes(label(6))));
  co_return winner.index() == 0 ? std::get<0>(winner) : -1;
}

UNAWAIT_ASYNC unawait::Async<int> kept_box() {
  auto [a, done] = co_await unawait::join(step(label(7)), TracedYield("t"));
  co_return a;
}

int main() {
  std::printf("second = %d\n", unawait::block_on(second()));
  std::printf("first = %d\n", unawait::block_on(first()));
  std::printf("timed = %d\n", unawait::block_on(timed()));
  std::printf("kept_box = %d\n", unawait::block_on(kept_box()));
}
// CHECK: unawait::Join<step_future, WakeYield> future0;
// CHECK: unawait::Join<WakeYield, step_future> future0;
// CHECK: unawait::Select<step_future, unawait::Sleep> future0;
// CHECK: unawait::Join<unawait::Async<int>, TracedYield> future0;

// OUT: argument 1
// OUT-NEXT: argument 2
// OUT-NEXT: second = 3
// OUT-NEXT: argument 3
// OUT-NEXT: argument 4
// OUT-NEXT: first = 7
// OUT-NEXT: argument 5
// OUT-NEXT: argument 6
// OUT-NEXT: timed = 5
// OUT-NEXT: argument 7
// OUT-NEXT: +t
