// The example of the SPEC: an annotated async function with two awaits and a
// branch. `unawait rewrite examples/rewrite/compute.cpp` prints it as a plain
// C++17 state machine; `unawait sizes` prints what its frame holds.
#include <unawait/unawait.hpp>

#include <cstdio>

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

int main() {
  for (int n = 0; n < 4; ++n)
    std::printf("compute(%d) = %d\n", n, unawait::block_on(compute(n)));
}
