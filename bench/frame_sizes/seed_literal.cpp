// The seed's holds_buffer taken literally: the array is zero-initialised and
// only buf[0] is read after the await, so its contents are known at compile
// time. An optimising compiler may fold the array away (clang -O2 does), so
// its coroutine frame shrinks below the rewritten future, which keeps the
// array because the source uses it after the await. Reported, not checked:
// see docs/benchmarks.md.
#include "bench_export.hpp"

namespace {

using unawait_bench::use;

UNAWAIT_ASYNC unawait::Async<void> holds_buffer_zeroed() {
  unsigned char buf[4096] = {};
  co_await unawait::yield_now();
  use(buf[0]);
}

} // namespace

UNAWAIT_BENCH_EXPORT(holds_buffer_zeroed)
