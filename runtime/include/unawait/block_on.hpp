// unawait/block_on.hpp: run one future to completion on this thread.
//
//     int v = unawait::block_on(answer());       // answer() returns any future of int
//     Countdown countdown{3};
//     unawait::block_on(countdown);              // an lvalue is polled in place
//
// block_on polls the future in place (an lvalue is not copied; a temporary
// lives until the end of the caller's full-expression). While it is pending,
// the thread parks; the waker, callable from any thread, unparks it. A wake
// that arrives between the pending poll and the park is kept as the parker's
// permit, so it is never lost.
//
// No heap allocation per call: each thread has one reference-counted parker
// (allocated on its first block_on), and the waker is lent to the future on
// the stack (no count changes unless the future clones it; a clone keeps the
// parker alive even after the thread exits). A block_on nested inside the
// poll of another block_on on the same thread gets a parker of its own, so
// neither can take the other's wake-up.
#pragma once

#include <atomic>
#include <cstddef>
#include <utility>

#include "context.hpp"
#include "detail/parker.hpp"
#include "future.hpp"
#include "waker.hpp"

namespace unawait {

namespace detail {

// A parker with a reference count: the thread's slot holds one reference,
// every clone of its waker one.
struct SharedParker {
  Parker parker;
  std::atomic<std::size_t> refs{1};

  static SharedParker* of(const void* data) noexcept { return static_cast<SharedParker*>(const_cast<void*>(data)); }
  static RawWaker clone(const void* data) noexcept {
    of(data)->refs.fetch_add(1, std::memory_order_relaxed);
    return RawWaker{data, &vtable};
  }
  static void wake(const void* data) noexcept {
    of(data)->parker.unpark();
    drop(data);
  }
  static void wake_by_ref(const void* data) noexcept { of(data)->parker.unpark(); }
  static void drop(const void* data) noexcept {
    if (of(data)->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete of(data);
  }
  static constexpr RawWakerVTable vtable{&clone, &wake, &wake_by_ref, &drop};
};

// This thread's parker for block_on, and whether a block_on is using it.
struct ThreadParkerSlot {
  SharedParker* parker = nullptr;
  bool in_use = false;
  ~ThreadParkerSlot() {
    if (parker != nullptr) SharedParker::drop(parker);
  }
};

inline ThreadParkerSlot& thread_parker_slot() noexcept {
  static thread_local ThreadParkerSlot slot;
  return slot;
}

template <class F>
output_t<F> block_on_with(F& future, SharedParker* parker) {
  LentWaker waker(RawWaker{parker, &SharedParker::vtable});
  Context cx(waker.get());
  for (;;) {
    auto result = future.poll(cx);
    if (result.is_ready()) return std::move(result).value();
    parker->parker.park();
  }
}

}  // namespace detail

template <class F>
output_t<F> block_on(F&& future) {
  static_assert(is_future_v<F>, "block_on needs a future");
  detail::ThreadParkerSlot& slot = detail::thread_parker_slot();
  if (slot.in_use) {  // nested: a parker of our own for this call
    struct Owned {
      detail::SharedParker* parker = new detail::SharedParker();
      ~Owned() { detail::SharedParker::drop(parker); }
    } owned;
    return detail::block_on_with(future, owned.parker);
  }
  if (slot.parker == nullptr) slot.parker = new detail::SharedParker();
  // A wake that reached an earlier block_on after its future was ready must
  // not cost this one a poll. (A clone kept from an earlier call can still
  // wake us spuriously later, which is allowed.)
  slot.parker->parker.clear_permit();
  struct InUse {
    detail::ThreadParkerSlot& slot;
    explicit InUse(detail::ThreadParkerSlot& s) noexcept : slot(s) { slot.in_use = true; }
    ~InUse() { slot.in_use = false; }
  } in_use(slot);
  return detail::block_on_with(future, slot.parker);
}

}  // namespace unawait
