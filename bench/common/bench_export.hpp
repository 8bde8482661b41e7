// bench/common/bench_export.hpp: one source, several builds.
//
// A benchmark source defines its async function once (annotated, in an
// anonymous namespace) and ends with
//
//     UNAWAIT_BENCH_EXPORT(yield_loop16)          // or (fn, arguments...)
//
// Each build defines UNAWAIT_BENCH_VARIANT:
//   coroutine     the source as written, built as C++20 (an Async<T> coroutine),
//   rewritten     the output of `unawait rewrite` of it, built as C++17,
//   hand_written  a separate file defining a hand-written state machine under
//                 the same function name (bench/poll/yield_loop_hand.cpp).
// The macro gives each build, in namespace unawait_bench::<variant>:
//   int run_called_<waker>_<fn>()   builds the future and polls it until ready
//                           through a call the optimiser may not inline (like
//                           an executor polling a task); returns the number of
//                           polls;
//   int run_inlined_<waker>_<fn>()  the same loop with poll() inlined into it;
// for <waker> foldable and opaque (bench/common/wakers.hpp);
//   Frame frame_<fn>()      what the future's frame costs: sizeof of the future,
//                           or for an Async<T> coroutine, the heap block its
//                           call allocated (counted by the operator new hook of
//                           bench/frame_sizes/alloc_hook.cpp, when linked in).
#pragma once

#include <cstddef>
#include <type_traits>

#include <unawait/unawait.hpp>

#include "wakers.hpp"

#ifndef UNAWAIT_BENCH_VARIANT
// What `unawait rewrite` sees when it parses the source: any name will do.
#define UNAWAIT_BENCH_VARIANT coroutine
#endif

namespace unawait_bench {

// Observers the optimiser cannot see through: `escape(p)` may read or write
// anything p points at, `use(v)` reads v. They keep the benchmark sources'
// data alive without printing.
template <class T>
inline void escape(T *p) {
  asm volatile("" : : "r"(p) : "memory");
}
template <class T>
inline void use(const T &value) {
  asm volatile("" : : "r"(value) : "memory");
}

// The operator new hook's record (bench/frame_sizes/alloc_hook.cpp): while
// `armed`, every global operator new call adds to `count` and `bytes`.
struct AllocProbe {
  bool armed = false;
  std::size_t count = 0;
  std::size_t bytes = 0;
};
inline AllocProbe alloc_probe;

// One poll through a real call: the shape of an executor polling a task.
template <class F>
[[gnu::noinline]] bool poll_ready(F &future, unawait::Context &cx) {
  return future.poll(cx).is_ready();
}

// The driver every variant shares: poll with waker W until ready.
template <class W, class F>
inline int run_called(F &&future) {
  W w;
  unawait::Context cx(w.waker());
  int polls = 1;
  while (!poll_ready(future, cx))
    ++polls;
  return polls;
}

template <class W, class F>
inline int run_inlined(F &&future) {
  W w;
  unawait::Context cx(w.waker());
  int polls = 1;
  while (future.poll(cx).is_pending())
    ++polls;
  return polls;
}

template <class F>
struct is_async : std::false_type {};
template <class T>
struct is_async<unawait::Async<T>> : std::true_type {};

struct Frame {
  std::size_t bytes;       // sizeof the future, or the coroutine's heap block
  std::size_t allocations; // heap allocations made by the call (coroutine build)
  bool heap;               // true for a coroutine (Async<T>) build
};

// What one call of the async function costs in frame bytes.
template <class Make>
Frame measure_frame(Make make) {
  using F = decltype(make());
  if constexpr (is_async<F>::value) {
    alloc_probe = AllocProbe{true, 0, 0};
    F future = make(); // lazy: the call allocates the frame, the body waits for the first poll
    AllocProbe seen = alloc_probe;
    alloc_probe.armed = false;
    run_called<FoldableWaker>(future);
    return Frame{seen.bytes, seen.count, true};
  } else {
    F future = make();
    run_called<FoldableWaker>(future);
    return Frame{sizeof(F), 0, false};
  }
}

} // namespace unawait_bench

#define UNAWAIT_BENCH_EXPORT(fn, ...)                                          \
  namespace unawait_bench {                                                    \
  namespace UNAWAIT_BENCH_VARIANT {                                            \
  int run_called_foldable_##fn() {                                             \
    return ::unawait_bench::run_called<::unawait_bench::FoldableWaker>(        \
        fn(__VA_ARGS__));                                                      \
  }                                                                            \
  int run_called_opaque_##fn() {                                               \
    return ::unawait_bench::run_called<::unawait_bench::OpaqueWaker>(          \
        fn(__VA_ARGS__));                                                      \
  }                                                                            \
  int run_inlined_foldable_##fn() {                                            \
    return ::unawait_bench::run_inlined<::unawait_bench::FoldableWaker>(       \
        fn(__VA_ARGS__));                                                      \
  }                                                                            \
  int run_inlined_opaque_##fn() {                                              \
    return ::unawait_bench::run_inlined<::unawait_bench::OpaqueWaker>(         \
        fn(__VA_ARGS__));                                                      \
  }                                                                            \
  ::unawait_bench::Frame frame_##fn() {                                        \
    return ::unawait_bench::measure_frame([] { return fn(__VA_ARGS__); });     \
  }                                                                            \
  }                                                                            \
  }

// The declarations a driver needs for one variant's exports.
#define UNAWAIT_BENCH_DECLARE(variant, fn)                                     \
  namespace unawait_bench {                                                    \
  namespace variant {                                                          \
  int run_called_foldable_##fn();                                              \
  int run_called_opaque_##fn();                                                \
  int run_inlined_foldable_##fn();                                             \
  int run_inlined_opaque_##fn();                                               \
  ::unawait_bench::Frame frame_##fn();                                         \
  }                                                                            \
  }
