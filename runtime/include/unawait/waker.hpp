// unawait/waker.hpp: Waker, the "poll me again" handle.
//
// A future that returns pending must first arrange for someone to call a
// clone of the waker from its Context; the executor then polls it again.
// A Waker is a data pointer plus a vtable (Rust's RawWaker), so it needs no
// allocation of its own and can point at anything: a task, a thread parker...
//
// Two ways to make one:
//   * `Waker::from(std::shared_ptr<W>)` for any W with `void wake()` (and
//     optionally `void wake_by_ref()`); W must be safe to wake from any thread.
//   * `Waker::from_raw(RawWaker)` with a hand-written vtable, no allocation.
//
//     struct Flag { std::atomic<bool> set{false}; void wake() { set = true; } };
//     auto flag = std::make_shared<Flag>();
//     unawait::Waker w = unawait::Waker::from(flag);
//     w.wake_by_ref();              // flag->set == true, w still usable
//     unawait::Waker copy = w;      // clone
//     std::move(copy).wake();       // wake and release the clone
//
// The raw form's contract (as for Rust's RawWaker). For a RawWaker {data, vtable}:
//   * `clone(data)` returns a RawWaker that wakes the same task; the result
//     owns one more reference, released by its own `drop` or `wake`.
//   * `wake(data)` wakes and releases the reference (it consumes the waker).
//   * `wake_by_ref(data)` wakes without releasing.
//   * `drop(data)` releases without waking.
//   * Every function may be called from any thread, concurrently with any
//     other on another clone, and must not block for long or throw (they are
//     noexcept: a throwing one ends the program with std::terminate).
//   * `data` stays valid until the last reference is released. A Waker owns
//     exactly one reference and releases it exactly once.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

namespace unawait {

struct RawWaker;

// The functions are noexcept (the contract above says they must not throw):
// a call through the vtable then cannot unwind, so a poll() whose only call
// is a wake-up needs no landing pad for it (generated code's unwind guard,
// docs/performance.md "Poll cost", issue 10).
struct RawWakerVTable {
  RawWaker (*clone)(const void* data) noexcept;
  void (*wake)(const void* data) noexcept;
  void (*wake_by_ref)(const void* data) noexcept;
  void (*drop)(const void* data) noexcept;
};

struct RawWaker {
  const void* data;
  const RawWakerVTable* vtable;
};

namespace detail {

inline RawWaker noop_raw_waker() noexcept;

inline RawWaker noop_clone(const void*) noexcept { return noop_raw_waker(); }
inline void noop_fn(const void*) noexcept {}
inline constexpr RawWakerVTable noop_vtable{&noop_clone, &noop_fn, &noop_fn, &noop_fn};
inline RawWaker noop_raw_waker() noexcept { return RawWaker{nullptr, &noop_vtable}; }

template <class W, class = void>
struct has_wake_by_ref : std::false_type {};
template <class W>
struct has_wake_by_ref<W, std::void_t<decltype(std::declval<W&>().wake_by_ref())>> : std::true_type {};

// The reference-counted cell behind Waker::from(shared_ptr<W>): one allocation
// per Waker::from, none per clone. `refs` counts live Wakers pointing here.
template <class W>
struct SharedWakerCell {
  std::shared_ptr<W> target;
  mutable std::atomic<std::size_t> refs{1};

  static const SharedWakerCell* cell(const void* data) { return static_cast<const SharedWakerCell*>(data); }
  static RawWaker clone(const void* data) noexcept {
    // Relaxed is enough: a new reference is made from an existing one, so the
    // cell is already alive and visible to this thread (as for shared_ptr).
    cell(data)->refs.fetch_add(1, std::memory_order_relaxed);
    return RawWaker{data, &vtable};
  }
  static void wake(const void* data) noexcept {
    wake_by_ref(data);
    drop(data);
  }
  static void wake_by_ref(const void* data) noexcept {
    W& w = *cell(data)->target;
    if constexpr (has_wake_by_ref<W>::value) {
      w.wake_by_ref();
    } else {
      w.wake();
    }
  }
  static void drop(const void* data) noexcept {
    // acq_rel: the last owner must see every other owner's writes before it
    // deletes the cell (the classic reference-count release/acquire pair).
    if (cell(data)->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete cell(data);
  }

  static constexpr RawWakerVTable vtable{&clone, &wake, &wake_by_ref, &drop};
};

}  // namespace detail

class Waker {
 public:
  // Takes ownership of the reference `raw` carries.
  static Waker from_raw(RawWaker raw) noexcept { return Waker(raw); }

  template <class W>
  static Waker from(std::shared_ptr<W> target) {
    static_assert(std::is_void_v<decltype(std::declval<W&>().wake())>, "Waker::from needs W with `void wake()`");
    using Cell = detail::SharedWakerCell<W>;
    auto* cell = new Cell{std::move(target)};
    return Waker(RawWaker{cell, &Cell::vtable});
  }

  Waker(const Waker& other) noexcept : raw_(other.raw_.vtable->clone(other.raw_.data)) {}
  // A moved-from Waker is the no-op waker: valid, and waking it does nothing.
  Waker(Waker&& other) noexcept : raw_(std::exchange(other.raw_, detail::noop_raw_waker())) {}
  Waker& operator=(Waker other) noexcept {
    std::swap(raw_, other.raw_);
    return *this;
  }
  ~Waker() { raw_.vtable->drop(raw_.data); }

  void wake() && noexcept {
    RawWaker raw = std::exchange(raw_, detail::noop_raw_waker());  // wake consumes our reference
    raw.vtable->wake(raw.data);
  }
  void wake_by_ref() const noexcept { raw_.vtable->wake_by_ref(raw_.data); }

  // True when both wake the same task (same data and vtable): a future can
  // keep its stored waker instead of cloning the new one.
  bool will_wake(const Waker& other) const noexcept {
    return raw_.data == other.raw_.data && raw_.vtable == other.raw_.vtable;
  }

  const RawWaker& as_raw() const noexcept { return raw_; }

 private:
  explicit Waker(RawWaker raw) noexcept : raw_(raw) {}

  RawWaker raw_;  // owns one reference to raw_.data, released by drop or wake
};

// A waker that does nothing: for polling by hand, and as a placeholder.
inline const Waker& noop_waker() noexcept {
  static const Waker noop = Waker::from_raw(detail::noop_raw_waker());
  return noop;
}

}  // namespace unawait
