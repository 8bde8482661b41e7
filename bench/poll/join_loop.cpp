// join16: sixteen awaits of unawait::join of two annotated calls, each
// awaiting yield_once: both children pending on the join's first poll, both
// ready on its second, so 17 polls of the top future. Written once;
// bench/poll/join_loop_hand.cpp is the same logic written by hand.
#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::yield_once;

UNAWAIT_ASYNC unawait::Async<int> step(int i) {
  co_await yield_once();
  co_return i;
}

UNAWAIT_ASYNC unawait::Async<int> join16() {
  int sum = 0;
  for (int i = 0; i < 16; ++i) {
    auto [a, b] = co_await unawait::join(step(i), step(2 * i));
    sum += a + b;
  }
  co_return sum;
}

} // namespace

UNAWAIT_BENCH_EXPORT(join16)
