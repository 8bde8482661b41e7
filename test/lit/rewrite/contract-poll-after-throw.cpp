// An exception leaving poll() leaves the future finished (SPEC): polling it
// again is the "polled after it returned Ready" contract violation, not a
// resumption. Every poll() holds an unwind guard (a cleanup, not a handler:
// no catch-all handler) that finishes the future while the exception leaves it:
// after a plain await, from inside a try block that holds an await (a
// barrier), and where the frame keeps something to destroy.
// RUN: unawait rewrite %s -o %t.cpp
// RUN: %drop_checks < %t.cpp | FileCheck %s --check-prefix=SHAPE
// RUN: %clangxx17 -DNDEBUG -DUNAWAIT_CHECKED -I%S %t.cpp -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// RUN: not --crash %t barrier 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: not --crash %t guarded 2>&1 | FileCheck %s --check-prefix=GUARDED
#include "Inputs/test_futures.hpp"

#include <cstring>

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

UNAWAIT_ASYNC unawait::Async<int> throws_in_try(int n) {
  int caught = 0;
  for (int i = 0; i < n; ++i) {
    try {
      co_await ThrowsOnSecondPoll{};
    } catch (int) {
      ++caught;
    }
  }
  co_return caught;
}

UNAWAIT_ASYNC unawait::Async<int> throws_with_kept_object(int n) {
  Tracer kept("kept");
  co_return n + co_await ThrowsOnSecondPoll{};
}

/// Polls `pendings` times (each Pending), once more (it throws), and again.
template <class Future> void poll_after_throw(Future future, int pendings) {
  unawait::Context cx(unawait::noop_waker());
  for (int i = 1; i <= pendings; ++i)
    std::printf("poll %d pending: %d\n", i, future.poll(cx).is_pending());
  try {
    (void)future.poll(cx);
  } catch (const Boom &) {
    std::printf("poll %d threw\n", pendings + 1);
  }
  std::fflush(stdout);
  (void)future.poll(cx).is_ready();
}

int main(int argc, char **argv) {
  const char *shape = argc > 1 ? argv[1] : "";
  if (std::strcmp(shape, "barrier") == 0)
    poll_after_throw(throws_in_try(2), 1);
  else if (std::strcmp(shape, "guarded") == 0)
    poll_after_throw(throws_with_kept_object(1), 1);
  else
    poll_after_throw(throws_after_pending(1), 2);
}
// SHAPE-NOT: {{catch \(\.\.\.\)}}
// SHAPE: unawait::detail::FinishOnUnwind on_unwind([this] { finish(); });
// SHAPE-NEXT: switch (state_) {
// SHAPE-NOT: {{catch \(\.\.\.\)}}
// SHAPE: unawait::detail::FinishOnUnwind on_unwind([this] { finish(); });
// SHAPE-NEXT: switch (state_) {
// SHAPE-NOT: {{catch \(\.\.\.\)}}
// SHAPE: unawait::detail::FinishOnUnwind on_unwind([this] { finish(); });
// SHAPE-NEXT: switch (state_) {
// SHAPE-NOT: {{catch \(\.\.\.\)}}
// CHECK: poll 1 pending: 1
// CHECK-NEXT: poll 2 pending: 1
// CHECK-NEXT: poll 3 threw
// CHECK-NEXT: unawait: contract violation: throws_after_pending polled after it returned Ready
// BARRIER: poll 1 pending: 1
// BARRIER-NEXT: poll 2 threw
// BARRIER-NEXT: unawait: contract violation: throws_in_try polled after it returned Ready
// GUARDED: +kept
// GUARDED-NEXT: poll 1 pending: 1
// GUARDED-NEXT: -kept
// GUARDED-NEXT: poll 2 threw
// GUARDED-NEXT: unawait: contract violation: throws_with_kept_object polled after it returned Ready
