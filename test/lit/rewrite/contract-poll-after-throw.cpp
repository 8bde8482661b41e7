// An exception leaving poll() leaves the future finished (SPEC), also where
// poll() has no handler (nothing in the frame has a destructor: the state is
// Finished while the body runs, and a suspension point's state is set only
// when poll() returns Pending there): polling it again is the "polled after
// it returned Ready" contract violation, not a resumption.
// RUN: unawait rewrite %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=SHAPE --input-file %t.cpp
// RUN: %clangxx17 -DNDEBUG -I%S %t.cpp -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
#include "Inputs/test_futures.hpp"

struct Boom {};

/// Pending once, then throws.
struct ThrowsOnSecondPoll {
  using output_type = int;
  bool polled = false;
  unawait::Poll<int> poll(unawait::Context &) {
    if (polled)
      throw Boom{};
    polled = true;
    return unawait::pending;
  }
};

UNAWAIT_ASYNC unawait::Async<int> throws_after_pending(int n) {
  int a = co_await wake_yield(n);
  co_return a + co_await ThrowsOnSecondPoll{};
}

int main() {
  unawait::Context cx(unawait::noop_waker());
  auto future = throws_after_pending(1);
  std::printf("poll 1 pending: %d\n", future.poll(cx).is_pending());
  std::printf("poll 2 pending: %d\n", future.poll(cx).is_pending());
  try {
    (void)future.poll(cx);
  } catch (const Boom &) {
    std::printf("poll 3 threw\n");
  }
  std::fflush(stdout);
  (void)future.poll(cx).is_ready();
}
// SHAPE-NOT: UNAWAIT_TRY
// SHAPE: switch (std::exchange(state_, State::Finished)) {
// CHECK: poll 1 pending: 1
// CHECK-NEXT: poll 2 pending: 1
// CHECK-NEXT: poll 3 threw
// CHECK-NEXT: unawait: contract violation: throws_after_pending polled after it returned Ready
