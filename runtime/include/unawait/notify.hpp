// unawait/notify.hpp: Notify, wake one waiting task without sending data.
//
//     unawait::Notify ready;
//     // consumer task:                   // producer, any thread:
//     co_await ready.notified();          ready.notify_one();
//
// * `notified()` returns a future that completes after a notify_one(). It
//   joins the queue of waiters on its first poll (not when it is created).
// * `notify_one()` completes the longest-waiting registered future. With no
//   waiter, it is remembered as one permit (several such calls still make
//   one permit), which the next notified() future takes on its first poll.
// * Destroying a pending notified() future deregisters it and releases its
//   waker. If it had been notified but not yet polled, the notification is
//   passed on to the next waiter (or kept as the permit), never lost.
// The Notify must outlive its notified() futures. notify_one() may be
// called from any thread. Polling a notified() future after it returned
// ready is a contract violation, and so is moving one after its first poll.
//
// No allocation: a waiting future is its own node in the Notify's intrusive
// list of waiters. The permit lives in an atomic word, so notify_one() with
// nobody waiting and a first poll that finds the permit take no lock.
//
// `state_`:
//   kEmpty     no permit, no waiter.
//   kNotified  one permit; taken by compare-and-swap, by anyone.
//   kWaiting   the waiter list is not empty; set and cleared only under mutex_.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <utility>

#include "config.hpp"
#include "context.hpp"
#include "poll.hpp"
#include "waker.hpp"

namespace unawait {

class Notified;

class Notify {
 public:
  Notify() = default;
  Notify(const Notify&) = delete;
  Notify& operator=(const Notify&) = delete;

  void notify_one() {
    // Nobody waiting: leave the permit, lock-free.
    unsigned s = state_.load(std::memory_order_acquire);
    while (s != kWaiting) {
      // Release: the waiter that takes the permit sees what we wrote before.
      if (state_.compare_exchange_weak(s, kNotified, std::memory_order_acq_rel, std::memory_order_acquire)) return;
    }
    std::optional<Waker> waker;  // woken after unlocking
    {
      std::lock_guard<std::mutex> lock(mutex_);
      waker = notify_locked();
    }
    if (waker) std::move(*waker).wake();
  }

  inline Notified notified() noexcept;

 private:
  friend class Notified;
  enum : unsigned { kEmpty, kNotified, kWaiting };

  // Under mutex_: notifies the first waiter (unlinking it), or leaves the
  // permit. Returns the waker to wake once the lock is released.
  inline std::optional<Waker> notify_locked();

  std::atomic<unsigned> state_{kEmpty};
  std::mutex mutex_;
  Notified* head_ = nullptr;  // oldest waiter; under mutex_
  Notified* tail_ = nullptr;  // newest waiter; under mutex_
};

class [[nodiscard]] Notified {
 public:
  using output_type = void;

  Notified(Notified&& other) noexcept : notify_(other.notify_), done_(other.done_) {
    UNAWAIT_CONTRACT(!other.registered_, "a notified() future must not be moved after its first poll");
  }
  Notified& operator=(Notified&&) = delete;
  ~Notified() {
    if (!registered_) return;
    std::optional<Waker> released, passed_on;  // dropped or woken after unlocking
    {
      std::lock_guard<std::mutex> lock(notify_->mutex_);
      if (notified_) {
        passed_on = notify_->notify_locked();  // a notification is never lost
      } else {
        unlink();
        released.swap(waker_);
      }
    }
    if (passed_on) std::move(*passed_on).wake();
  }

  Poll<void> poll(Context& cx) {
    UNAWAIT_CONTRACT(!done_, "notified() future polled after it completed");
    Notify& n = *notify_;
    if (!registered_) {
      // The permit, without the lock. Acquire: see what the notifier wrote.
      unsigned s = Notify::kNotified;
      if (n.state_.compare_exchange_strong(s, Notify::kEmpty, std::memory_order_acq_rel, std::memory_order_relaxed)) {
        return finish();
      }
      std::lock_guard<std::mutex> lock(n.mutex_);
      s = n.state_.load(std::memory_order_acquire);
      for (;;) {
        if (s == Notify::kNotified) {
          if (n.state_.compare_exchange_weak(s, Notify::kEmpty, std::memory_order_acq_rel, std::memory_order_acquire)) {
            return finish();
          }
          continue;
        }
        // kEmpty or kWaiting: join the queue. A notify_one() racing with us
        // either made kNotified (seen by the CAS) or waits for our lock.
        if (s == Notify::kWaiting ||
            n.state_.compare_exchange_weak(s, Notify::kWaiting, std::memory_order_acq_rel, std::memory_order_acquire)) {
          break;
        }
      }
      waker_.emplace(cx.waker());
      link();
      registered_ = true;
      return pending;
    }
    std::optional<Waker> replaced;  // dropped after unlocking
    std::lock_guard<std::mutex> lock(n.mutex_);
    if (notified_) {
      registered_ = false;  // notify_locked unlinked us
      return finish();
    }
    if (!waker_->will_wake(cx.waker())) replaced = std::exchange(waker_, cx.waker());
    return pending;
  }

 private:
  friend class Notify;
  explicit Notified(Notify& notify) noexcept : notify_(&notify) {}

  Poll<void> finish() noexcept {
    done_ = true;
    return ready();
  }

  // Under notify_->mutex_.
  void link() noexcept {
    prev_ = notify_->tail_;
    next_ = nullptr;
    if (prev_ != nullptr) {
      prev_->next_ = this;
    } else {
      notify_->head_ = this;
    }
    notify_->tail_ = this;
  }
  void unlink() noexcept {
    if (prev_ != nullptr) {
      prev_->next_ = next_;
    } else {
      notify_->head_ = next_;
    }
    if (next_ != nullptr) {
      next_->prev_ = prev_;
    } else {
      notify_->tail_ = prev_;
    }
    prev_ = next_ = nullptr;
    if (notify_->head_ == nullptr) notify_->state_.store(Notify::kEmpty, std::memory_order_release);
  }

  Notify* notify_;
  bool registered_ = false;  // linked (or notified and not yet observed); owner only
  bool done_ = false;        // returned ready; owner only
  // Under notify_->mutex_ while registered:
  bool notified_ = false;         // unlinked by notify_one(), not yet observed
  Notified* prev_ = nullptr;      // the waiter list's links
  Notified* next_ = nullptr;
  std::optional<Waker> waker_;    // the latest poll's waker; taken by the notification
};

inline std::optional<Waker> Notify::notify_locked() {
  if (head_ == nullptr) {
    // No waiter (the list is only changed under the lock): leave the permit.
    unsigned s = state_.load(std::memory_order_relaxed);
    while (!state_.compare_exchange_weak(s, kNotified, std::memory_order_acq_rel, std::memory_order_relaxed)) {
    }
    return std::nullopt;
  }
  Notified* first = head_;
  first->unlink();
  first->notified_ = true;
  return std::exchange(first->waker_, std::nullopt);
}

inline Notified Notify::notified() noexcept { return Notified(*this); }

}  // namespace unawait
