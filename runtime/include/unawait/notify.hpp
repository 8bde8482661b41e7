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
// ready is a contract violation.
#pragma once

#include <list>
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
    std::optional<Waker> waiter;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      waiter = notify_locked();
    }
    if (waiter) std::move(*waiter).wake();
  }

  inline Notified notified() noexcept;

 private:
  friend class Notified;

  struct Waiter {
    std::optional<Waker> waker;  // the future's latest waker; taken by the notification
    bool notified = false;       // true once moved from waiting_ to notified_
  };
  using WaiterList = std::list<Waiter>;

  // Notifies the first waiter, or stores the permit. Returns the waker to
  // wake once the lock is released.
  std::optional<Waker> notify_locked() {
    if (waiting_.empty()) {
      permit_ = true;
      return std::nullopt;
    }
    auto first = waiting_.begin();
    first->notified = true;
    notified_.splice(notified_.end(), waiting_, first);  // iterators stay valid
    return std::exchange(first->waker, std::nullopt);
  }

  std::mutex mutex_;
  WaiterList waiting_;    // registered futures not yet notified, oldest first; under mutex_
  WaiterList notified_;   // notified futures that have not observed it yet; under mutex_
  bool permit_ = false;   // a notify_one() found no waiter; under mutex_
};

class Notified {
 public:
  using output_type = void;

  Notified(Notified&& other) noexcept
      : notify_(other.notify_), waiter_(std::exchange(other.waiter_, std::nullopt)), done_(other.done_) {}
  Notified& operator=(Notified&&) = delete;
  ~Notified() {
    if (!waiter_) return;
    std::optional<Waker> released, passed_on;  // dropped or woken after unlocking
    {
      std::lock_guard<std::mutex> lock(notify_->mutex_);
      auto waiter = *waiter_;
      released.swap(waiter->waker);
      if (waiter->notified) {
        notify_->notified_.erase(waiter);
        passed_on = notify_->notify_locked();  // a notification is never lost
      } else {
        notify_->waiting_.erase(waiter);
      }
    }
    if (passed_on) std::move(*passed_on).wake();
  }

  Poll<void> poll(Context& cx) {
    UNAWAIT_CONTRACT(!done_, "notified() future polled after it completed");
    std::optional<Waker> replaced;  // dropped after unlocking
    std::lock_guard<std::mutex> lock(notify_->mutex_);
    if (!waiter_) {
      if (std::exchange(notify_->permit_, false)) return finish();
      waiter_ = notify_->waiting_.insert(notify_->waiting_.end(), Notify::Waiter{cx.waker()});
      return pending;
    }
    auto waiter = *waiter_;
    if (waiter->notified) {
      notify_->notified_.erase(waiter);
      waiter_.reset();
      return finish();
    }
    if (!waiter->waker->will_wake(cx.waker())) replaced = std::exchange(waiter->waker, cx.waker());
    return pending;
  }

 private:
  friend class Notify;
  explicit Notified(Notify& notify) noexcept : notify_(&notify) {}

  Poll<void> finish() noexcept {
    done_ = true;
    return ready();
  }

  Notify* notify_;
  std::optional<Notify::WaiterList::iterator> waiter_;  // our node while registered (in waiting_ or notified_)
  bool done_ = false;                                   // returned ready
};

inline Notified Notify::notified() noexcept { return Notified(*this); }

}  // namespace unawait
