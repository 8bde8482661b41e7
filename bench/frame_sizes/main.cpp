// Prints the frame bytes of each benchmark source in one build (the variant
// is UNAWAIT_BENCH_VARIANT: `rewritten` prints sizeof of each generated
// future, `coroutine` the heap block each coroutine call allocates), one line
// per function:
//     <name> <bytes> <allocations>
// followed, in the coroutine build, by `promise<void> N` and `promise<int> N`
// (sizeof unawait's promise, which every clang frame contains).
// bench/frame_sizes/check.py compares the two builds.
#include <cstdio>

#include "bench_export.hpp"

#define UNAWAIT_FRAME_SOURCES(X)                                               \
  X(small)                                                                     \
  X(holds_buffer)                                                              \
  X(drops_before_await)                                                        \
  X(compute)                                                                   \
  X(yield_loop16)                                                              \
  X(holds_buffer_zeroed)

#define UNAWAIT_FRAME_DECLARE(fn) UNAWAIT_BENCH_DECLARE(UNAWAIT_BENCH_VARIANT, fn)
UNAWAIT_FRAME_SOURCES(UNAWAIT_FRAME_DECLARE)

#define UNAWAIT_STR2(x) #x
#define UNAWAIT_STR(x) UNAWAIT_STR2(x)

int main() {
  std::printf("variant %s\n", UNAWAIT_STR(UNAWAIT_BENCH_VARIANT));
#if defined(__clang__)
  std::printf("compiler clang %d.%d.%d\n", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
  std::printf("compiler gcc %d.%d.%d\n", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#endif
#define UNAWAIT_FRAME_PRINT(fn)                                                \
  {                                                                            \
    unawait_bench::Frame f = unawait_bench::UNAWAIT_BENCH_VARIANT::frame_##fn(); \
    std::printf("frame %s %zu %zu\n", #fn, f.bytes, f.allocations);           \
  }
  UNAWAIT_FRAME_SOURCES(UNAWAIT_FRAME_PRINT)
#if UNAWAIT_HAS_COROUTINES
  std::printf("promise<void> %zu\n", sizeof(unawait::detail::AsyncPromise<void>));
  std::printf("promise<int> %zu\n", sizeof(unawait::detail::AsyncPromise<int>));
#endif
  return 0;
}
