// try_loop16: yield_loop16 with each await inside a try block (the tool
// lowers a try block holding an await to a barrier). Written once; see
// bench/poll/yield_loop.cpp. bench/poll/try_loop_hand.cpp is the same logic
// written by hand.
#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::yield_once;

UNAWAIT_ASYNC unawait::Async<int> try_loop16() {
  int failures = 0;
  for (int i = 0; i < 16; ++i) {
    try {
      co_await yield_once();
    } catch (...) {
      ++failures;
    }
  }
  co_return failures;
}

} // namespace

UNAWAIT_BENCH_EXPORT(try_loop16)
