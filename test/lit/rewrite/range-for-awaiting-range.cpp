// An await in a range-for's range: the range (a temporary vector here) is
// the await's value, kept for the whole loop; the body awaits too.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"
#include <vector>

struct Numbers {
  using output_type = std::vector<int>;
  bool yielded = false;
  unawait::Poll<std::vector<int>> poll(unawait::Context &cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready(std::vector<int>{1, 2, 3});
  }
};

UNAWAIT_ASYNC unawait::Async<int> total() {
  int sum = 0;
  for (int v : co_await Numbers{})
    sum += co_await wake_yield(v * 10);
  co_return sum;
}

int main() {
  std::printf("total %d\n", unawait::block_on(total()));
  for (int polls = 0; polls < 4; ++polls)
    poll_then_drop(total(), polls);
}
// OUT: total 60
