// The compute/branch example of the SPEC (examples/rewrite/compute.cpp): two
// awaits of a hand-written future, the second one in a branch.
#include "bench_export.hpp"

namespace {

/// Pending once (after waking its task), then ready with its value.
struct WakeYield {
  using output_type = int;
  int value;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (yielded)
      return unawait::ready(value);
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};
WakeYield wake_yield(int value) { return WakeYield{value}; }

UNAWAIT_ASYNC unawait::Async<int> compute(int n) {
  int a = co_await wake_yield(n);
  if (a % 2 == 0) {
    int b = co_await wake_yield(a * 2);
    co_return a + b;
  }
  co_return a;
}

} // namespace

UNAWAIT_BENCH_EXPORT(compute, 2)
