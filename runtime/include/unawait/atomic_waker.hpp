// unawait/atomic_waker.hpp: AtomicWaker, a lock-free slot for one waker.
//
// It closes the check-then-register race without a mutex. The future
// registers first, then checks its condition; the signaller sets the
// condition first, then wakes:
//
//     // future's poll:                          // signaller, any thread:
//     slot.register_waker(cx.waker());           flag.store(true, std::memory_order_release);
//     if (flag.load(std::memory_order_acquire))  slot.wake();
//       return unawait::ready();
//     return unawait::pending;
//
// Whatever the interleaving, either the poll sees the flag, or wake() finds
// (or, if it races with register_waker, makes register_waker wake) the
// registered waker. A port of futures::task::AtomicWaker.
//
// Use: one registering side at a time (the task that polls the future);
// wake() may be called from any number of threads.
//
// State bits (`state_`), and what each guarantees:
//   kWaiting (0)     nobody touches `waker_`; it holds the last registered waker, or nothing.
//   kRegistering     register_waker owns `waker_` (set by its CAS from kWaiting).
//   kWaking          a wake() owns `waker_`, or a wake() arrived while a
//                    registration was in progress (kRegistering | kWaking):
//                    then the registering thread must wake the new waker itself.
// `waker_` is only read or written by the owner named by the state, so it
// needs no lock; acquire on taking ownership and release on giving it up
// order those accesses.
#pragma once

#include <atomic>
#include <optional>
#include <utility>

#include "waker.hpp"

namespace unawait {

class AtomicWaker {
 public:
  AtomicWaker() = default;
  ~AtomicWaker() { take_slot(); }
  AtomicWaker(const AtomicWaker&) = delete;
  AtomicWaker& operator=(const AtomicWaker&) = delete;

  void register_waker(const Waker& waker) {
    unsigned expected = kWaiting;
    if (state_.compare_exchange_strong(expected, kRegistering, std::memory_order_acquire,
                                       std::memory_order_acquire)) {
      std::optional<Waker> replaced;
      if (!has_waker_ || waker_.data != waker.as_raw().data || waker_.vtable != waker.as_raw().vtable) {
        replaced = take_slot();
        put_slot(waker);
      }
      // Give up ownership. Release publishes waker_ to the next owner.
      expected = kRegistering;
      if (state_.compare_exchange_strong(expected, kWaiting, std::memory_order_acq_rel,
                                         std::memory_order_acquire)) {
        return;
      }
      // A wake() arrived meanwhile (state is kRegistering | kWaking) and
      // could not take the waker: we wake it for it.
      std::optional<Waker> woken = take_slot();
      state_.store(kWaiting, std::memory_order_release);
      if (woken) std::move(*woken).wake();
      return;
    }
    if (expected == kWaking) {
      // A wake() owns the slot right now, with the old waker: the caller's
      // condition may already be true, so wake the new waker directly.
      waker.wake_by_ref();
    }
    // Otherwise a concurrent register_waker: a contract breach we tolerate
    // as futures does (one of the two registrations wins).
  }

  void wake() {
    if (std::optional<Waker> waker = take()) std::move(*waker).wake();
  }

  // Removes and returns the registered waker, if it can be had now.
  std::optional<Waker> take() {
    // acq_rel: acquire what the last registration published; the release
    // half orders the caller's condition write before a racing register's
    // failing CAS, which then reads the condition after waking.
    unsigned previous = state_.fetch_or(kWaking, std::memory_order_acq_rel);
    if (previous != kWaiting) return std::nullopt;  // a register or another wake is in progress and will see kWaking
    std::optional<Waker> waker = take_slot();
    state_.fetch_and(~kWaking, std::memory_order_release);
    return waker;
  }

 private:
  enum : unsigned { kWaiting = 0, kRegistering = 1, kWaking = 2 };

  // The slot holds a clone's reference as a bare RawWaker (16 bytes, where
  // std::optional<Waker> takes 24), so a task's header stays small.
  std::optional<Waker> take_slot() noexcept {
    if (!has_waker_) return std::nullopt;
    has_waker_ = false;
    return Waker::from_raw(waker_);  // takes the reference back
  }
  void put_slot(const Waker& waker) {
    union Kept {  // a clone that is never destroyed: its reference moves into waker_
      Waker clone;
      explicit Kept(const Waker& w) : clone(w) {}
      ~Kept() {}
    } kept(waker);
    waker_ = kept.clone.as_raw();
    has_waker_ = true;
  }

  std::atomic<unsigned> state_{kWaiting};
  bool has_waker_ = false;  // waker_ holds a reference; owned like waker_
  RawWaker waker_{};        // owned by whoever the state names; see above
};

}  // namespace unawait
