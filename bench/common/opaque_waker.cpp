// bench/common/opaque_waker.cpp: the out-of-line waker of the poll benchmark
// (bench/common/wakers.hpp). Compiled on its own, without LTO, so the drivers
// see only an extern vtable: each wake is an indirect call.
#include "wakers.hpp"

namespace unawait_bench {
namespace {

long wakes = 0;

unawait::RawWaker clone(const void *data) noexcept;
void wake_by_ref(const void *) noexcept { ++wakes; }
void drop(const void *) noexcept {}
const unawait::RawWakerVTable vtable{&clone, &wake_by_ref, &wake_by_ref, &drop};
unawait::RawWaker clone(const void *data) noexcept { return unawait::RawWaker{data, &vtable}; }

} // namespace

const unawait::Waker &opaque_waker() {
  static const unawait::Waker waker = unawait::Waker::from_raw(unawait::RawWaker{&wakes, &vtable});
  return waker;
}

} // namespace unawait_bench
