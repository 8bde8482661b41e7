// raii_loop16: a frame with RAII objects kept across awaits: `outer` lives
// across all sixteen, each `inner` across one. Tally
// (bench/common/tally.hpp) counts live objects in a global, so its
// constructor and destructor cannot be optimised away, and the rewritten
// poll() has something to destroy on unwind (it keeps its handler). Written
// once; bench/poll/raii_loop_hand.cpp is the same logic written by hand.
#include "bench_export.hpp"
#include "tally.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::Tally;
using unawait_bench::yield_once;

UNAWAIT_ASYNC unawait::Async<int> raii_loop16() {
  Tally outer(100);
  int sum = 0;
  for (int i = 0; i < 16; ++i) {
    Tally inner(i);
    co_await yield_once();
    sum += inner.value();
  }
  co_return sum + outer.value();
}

} // namespace

UNAWAIT_BENCH_EXPORT(raii_loop16)
