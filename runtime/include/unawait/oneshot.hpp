// unawait/oneshot.hpp: a channel for exactly one value.
//
//     auto [tx, rx] = unawait::oneshot::channel<int>();
//     std::thread([tx = std::move(tx)]() mutable { tx.send(42); }).detach();
//     std::optional<int> v = unawait::block_on(rx);   // 42
//
// * `sender.send(v)` hands v to the receiver and wakes it; it returns false
//   (and drops v) if the receiver is gone. A sender sends at most once.
// * The receiver is a future of std::optional<T>: the value, or empty once
//   the sender was destroyed without sending.
// * Destroying the receiver closes the channel: a later send returns false,
//   and the receiver's waker is released.
// Both ends may be used from different threads. Polling the receiver after it
// returned ready is a contract violation.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <utility>

#include "config.hpp"
#include "context.hpp"
#include "poll.hpp"
#include "waker.hpp"

namespace unawait::oneshot {

namespace detail {

// What the two ends share. Every field is guarded by mutex, so that the
// receiver's check-then-register and the sender's store-then-wake are each
// one step (no lost wake-up).
template <class T>
struct Shared {
  std::mutex mutex;
  std::optional<T> value;             // sent and not yet received
  bool sender_alive = true;           // false once the sender sent or was destroyed
  bool receiver_alive = true;         // false once the receiver was destroyed
  std::optional<Waker> receiver_waker;  // the receiver's latest waker while it waits

  // Runs `change` under the lock, then wakes the receiver.
  template <class Change>
  void change_and_wake(Change change) {
    std::optional<Waker> waiter;
    {
      std::lock_guard<std::mutex> lock(mutex);
      change();
      waiter.swap(receiver_waker);
    }
    if (waiter) std::move(*waiter).wake();
  }
};

}  // namespace detail

template <class T>
class Sender;
template <class T>
class Receiver;
template <class T>
std::pair<Sender<T>, Receiver<T>> channel();

template <class T>
class Sender {
 public:
  Sender(Sender&&) noexcept = default;
  Sender& operator=(Sender&&) = delete;
  ~Sender() {
    if (shared_) shared_->change_and_wake([&] { shared_->sender_alive = false; });
  }

  // False (and `value` is dropped) if the receiver is gone.
  bool send(T value) {
    UNAWAIT_CONTRACT(shared_ != nullptr, "oneshot::Sender::send called twice (or on a moved-from sender)");
    auto shared = std::move(shared_);
    bool delivered = false;
    shared->change_and_wake([&] {
      shared->sender_alive = false;
      if (!shared->receiver_alive) return;
      shared->value.emplace(std::move(value));
      delivered = true;
    });
    return delivered;
  }

 private:
  friend std::pair<Sender<T>, Receiver<T>> channel<T>();
  explicit Sender(std::shared_ptr<detail::Shared<T>> shared) noexcept : shared_(std::move(shared)) {}

  std::shared_ptr<detail::Shared<T>> shared_;  // null after send or a move
};

template <class T>
class [[nodiscard]] Receiver {
 public:
  using output_type = std::optional<T>;

  Receiver(Receiver&&) noexcept = default;
  Receiver& operator=(Receiver&&) = delete;
  ~Receiver() {
    if (!shared_) return;
    std::optional<Waker> released;  // dropped after unlocking
    std::optional<T> unreceived;    // likewise: a T's destructor is user code
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->receiver_alive = false;
    released.swap(shared_->receiver_waker);
    unreceived.swap(shared_->value);
  }

  Poll<std::optional<T>> poll(Context& cx) {
    UNAWAIT_CONTRACT(!done_, "oneshot::Receiver polled after it completed");
    std::optional<Waker> replaced;  // dropped after unlocking
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (shared_->value || !shared_->sender_alive) {
      done_ = true;
      return Poll<std::optional<T>>(std::in_place, std::exchange(shared_->value, std::nullopt));
    }
    if (!shared_->receiver_waker || !shared_->receiver_waker->will_wake(cx.waker())) {
      replaced.swap(shared_->receiver_waker);
      shared_->receiver_waker.emplace(cx.waker());
    }
    return pending;
  }

 private:
  friend std::pair<Sender<T>, Receiver<T>> channel<T>();
  explicit Receiver(std::shared_ptr<detail::Shared<T>> shared) noexcept : shared_(std::move(shared)) {}

  std::shared_ptr<detail::Shared<T>> shared_;  // null only after a move
  bool done_ = false;                          // returned ready
};

template <class T>
std::pair<Sender<T>, Receiver<T>> channel() {
  auto shared = std::make_shared<detail::Shared<T>>();
  return {Sender<T>(shared), Receiver<T>(shared)};
}

}  // namespace unawait::oneshot
