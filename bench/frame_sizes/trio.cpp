// The frame-size trio of the seed ("writing a future by hand"), in C++:
//   small               keeps a u32 across one await,
//   holds_buffer        keeps a 4096-byte array across the await (read after it),
//   drops_before_await  uses the same array in a block that ends before the await.
// The await is the runtime's yield_now() (pending once). escape()/use() stand
// for the seed's println: they make the buffer's contents observable, so the
// optimiser cannot fold the array away in either build.
#include <cstdint>

#include "bench_export.hpp"

namespace {

using unawait_bench::escape;
using unawait_bench::use;

UNAWAIT_ASYNC unawait::Async<void> small() {
  std::uint32_t n = 7;
  co_await unawait::yield_now();
  use(n);
}

UNAWAIT_ASYNC unawait::Async<void> holds_buffer() {
  unsigned char buf[4096] = {};
  escape(buf);
  co_await unawait::yield_now();
  use(buf[0]);
}

UNAWAIT_ASYNC unawait::Async<void> drops_before_await() {
  {
    unsigned char buf[4096] = {};
    escape(buf);
    use(buf[0]);
  }
  co_await unawait::yield_now();
}

} // namespace

UNAWAIT_BENCH_EXPORT(small)
UNAWAIT_BENCH_EXPORT(holds_buffer)
UNAWAIT_BENCH_EXPORT(drops_before_await)
