// unawait/detail/parker.hpp: Parker, a one-bit semaphore that parks a thread,
// and LentWaker, a Waker borrowed for one poll.
//
// Parker (Tokio's park_thread): unpark() sets the permit and wakes the parked
// thread; park() waits for the permit and clears it. A permit given before the
// park is kept, so a wake that lands between "nothing to do" and park() is
// never lost. unpark() on a thread that is not parked is one atomic exchange
// and no system call; only a parked thread costs a lock and a signal.
//
//   kEmpty     no permit, nobody parked.
//   kParked    the owner is waiting (or about to wait) on `cv_`; set under `mutex_`.
//   kNotified  a permit: the next park() returns at once.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "../waker.hpp"

namespace unawait::detail {

class Parker {
 public:
  // Called by the owning thread only.
  void park() {
    park_with([this](std::unique_lock<std::mutex>& lock) {
      cv_.wait(lock);
      return false;
    });
  }

  // Called by the owning thread only: park() that also returns at `deadline`
  // (a permit given before or meanwhile is taken either way).
  template <class Clock, class Duration>
  void park_until(const std::chrono::time_point<Clock, Duration>& deadline) {
    park_with([this, &deadline](std::unique_lock<std::mutex>& lock) {
      return cv_.wait_until(lock, deadline) == std::cv_status::timeout;
    });
  }

  // Owner only: drops a permit left by wakes that nobody waits for any more
  // (block_on calls it before its first poll). One load when there is none.
  void clear_permit() noexcept {
    unsigned expected = kNotified;
    if (state_.load(std::memory_order_relaxed) == kNotified) {
      state_.compare_exchange_strong(expected, kEmpty, std::memory_order_acquire, std::memory_order_relaxed);
    }
  }

  // Any thread. Release: the parked thread sees what we wrote before.
  void unpark() noexcept {
    if (state_.exchange(kNotified, std::memory_order_release) != kParked) return;
    // The owner is parked (or between setting kParked and waiting, holding
    // the mutex): taking the mutex orders our signal after its wait begins.
    { std::lock_guard<std::mutex> lock(mutex_); }
    cv_.notify_one();
  }

 private:
  // The park protocol; `wait` blocks on cv_ and returns true if it timed out.
  template <class Wait>
  void park_with(Wait wait) {
    // Fast path: a permit is there. Acquire: see what the unparker wrote before.
    unsigned expected = kNotified;
    if (state_.compare_exchange_strong(expected, kEmpty, std::memory_order_acquire, std::memory_order_relaxed)) return;
    std::unique_lock<std::mutex> lock(mutex_);
    expected = kEmpty;
    if (!state_.compare_exchange_strong(expected, kParked, std::memory_order_relaxed, std::memory_order_relaxed)) {
      // A permit arrived after the fast path.
      state_.exchange(kEmpty, std::memory_order_acquire);
      return;
    }
    for (;;) {
      bool timed_out = wait(lock);
      expected = kNotified;
      if (state_.compare_exchange_strong(expected, kEmpty, std::memory_order_acquire, std::memory_order_relaxed)) return;
      if (timed_out) {
        // Still kParked: leave without a permit. An unpark that exchanges
        // after this sees kEmpty and leaves its permit for the next park.
        expected = kParked;
        if (state_.compare_exchange_strong(expected, kEmpty, std::memory_order_relaxed, std::memory_order_relaxed)) return;
        state_.exchange(kEmpty, std::memory_order_acquire);  // a permit came just now: take it
        return;
      }
      // Spurious wake-up: still kParked.
    }
  }

  enum : unsigned { kEmpty, kParked, kNotified };
  std::atomic<unsigned> state_{kEmpty};
  std::mutex mutex_;
  std::condition_variable cv_;
};

// A Waker lent for the duration of one poll: it wraps a RawWaker without
// owning a reference, and is never dropped. Context hands out `const Waker&`,
// so a future can only clone it (which takes a real reference through the
// vtable) or wake it by reference. Its data and vtable are those of a real
// clone, so `will_wake` is true between the lent waker and a stored clone.
class LentWaker {
 public:
  explicit LentWaker(RawWaker raw) noexcept { ::new (static_cast<void*>(&waker_)) Waker(Waker::from_raw(raw)); }
  LentWaker(const LentWaker&) = delete;
  LentWaker& operator=(const LentWaker&) = delete;
  ~LentWaker() {}  // deliberately not ~Waker(): the reference was only borrowed

  const Waker& get() const noexcept { return waker_; }

 private:
  union {
    Waker waker_;
  };
};

}  // namespace unawait::detail
