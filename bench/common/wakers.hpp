// bench/common/wakers.hpp: the two wakers the poll benchmark drives with.
//
//   FoldableWaker  a no-op waker built in the driver from a vtable defined
//                  inline in this header: when poll() is inlined into the
//                  driver, the optimiser sees every wake_by_ref() call's
//                  target (an empty function) and may fold the loop away.
//   OpaqueWaker    a waker whose vtable and functions are defined in another
//                  translation unit (bench/common/opaque_waker.cpp, no LTO):
//                  every wake_by_ref() is an indirect call the optimiser
//                  cannot see into, like an executor's waker.
//
// Both are used as `W w; unawait::Context cx(w.waker());`.
#pragma once

#include <unawait/unawait.hpp>

namespace unawait_bench {

namespace foldable_detail {
inline unawait::RawWaker clone(const void *) noexcept;
inline void nothing(const void *) noexcept {}
inline constexpr unawait::RawWakerVTable vtable{&clone, &nothing, &nothing, &nothing};
inline unawait::RawWaker clone(const void *) noexcept { return unawait::RawWaker{nullptr, &vtable}; }
} // namespace foldable_detail

struct FoldableWaker {
  unawait::Waker waker_ =
      unawait::Waker::from_raw(unawait::RawWaker{nullptr, &foldable_detail::vtable});
  const unawait::Waker &waker() const { return waker_; }
};

// Defined in bench/common/opaque_waker.cpp: a static Waker whose wake_by_ref
// counts the wake-ups.
const unawait::Waker &opaque_waker();

struct OpaqueWaker {
  const unawait::Waker &waker() const { return opaque_waker(); }
};

} // namespace unawait_bench
