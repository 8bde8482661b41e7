// nest16: a three-level nest of annotated calls, nest16 awaits middle, which
// awaits leaf, which awaits yield_once: sixteen times, 17 polls of the top
// future. Written once; bench/poll/nest_hand.cpp is the same logic written by
// hand.
#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::yield_once;

UNAWAIT_ASYNC unawait::Async<int> leaf(int i) {
  co_await yield_once();
  co_return i;
}

UNAWAIT_ASYNC unawait::Async<int> middle(int i) {
  int v = co_await leaf(i);
  co_return v + 1;
}

UNAWAIT_ASYNC unawait::Async<int> nest16() {
  int sum = 0;
  for (int i = 0; i < 16; ++i)
    sum += co_await middle(i);
  co_return sum;
}

} // namespace

UNAWAIT_BENCH_EXPORT(nest16)
