// unawait/join_handle.hpp: JoinHandle<T>, the future of a spawned task's output.
//
//     unawait::Executor ex;
//     unawait::JoinHandle<int> handle = ex.spawn(compute());
//     ex.spawn(consume(std::move(handle)));  // await it from another task...
//     ex.run();                               // ...or block_on it from a thread
//
// * Ready with the task's output once the task finished.
// * An exception thrown by the task is rethrown from poll().
// * A task cancelled before it finished (its executor was destroyed first)
//   makes poll() throw unawait::TaskCancelled.
// * Destroying the handle detaches the task: it runs on, its output is dropped.
// * Polling again after the output (or exception) was returned is a contract violation.
#pragma once

#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "config.hpp"
#include "context.hpp"
#include "poll.hpp"
#include "waker.hpp"

namespace unawait {

// Thrown by a JoinHandle whose task was destroyed before it finished.
class TaskCancelled : public std::runtime_error {
 public:
  explicit TaskCancelled(const std::string& task)
      : std::runtime_error("unawait: task \"" + task + "\" was cancelled before it finished") {}
};

template <class T>
class JoinHandle;

namespace detail {

template <class F>
class Task;

// The meeting point of a task (which writes its outcome once) and its
// JoinHandle (which waits for it). Guarded by one mutex, so that checking
// the outcome and registering the waiter are one step (no lost wake-up).
template <class T>
class JoinState {
 public:
  void set_value(stored_t<T>&& value) { finish(std::in_place_index<kValue>, std::move(value)); }
  void set_error(std::exception_ptr error) { finish(std::in_place_index<kError>, std::move(error)); }

  Poll<T> poll(Context& cx) {
    std::optional<Waker> replaced;  // dropped after unlocking: a waker's drop may run arbitrary code
    std::lock_guard<std::mutex> lock(mutex_);
    switch (outcome_.index()) {
      case kRunning:
        if (!waiter_ || !waiter_->will_wake(cx.waker())) {
          replaced.swap(waiter_);
          waiter_.emplace(cx.waker());
        }
        return pending;
      case kValue:
        return ready_from<T>(std::get<kValue>(std::move(outcome_)));
      default:
        std::rethrow_exception(std::get<kError>(outcome_));
    }
  }

 private:
  enum : std::size_t { kRunning, kValue, kError };

  template <std::size_t I, class V>
  void finish(std::in_place_index_t<I>, V&& outcome) {
    std::optional<Waker> waiter;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      outcome_.template emplace<I>(std::forward<V>(outcome));
      waiter.swap(waiter_);
    }
    if (waiter) std::move(*waiter).wake();
  }

  std::mutex mutex_;
  // kRunning until the task finishes; then its value, or the exception it
  // threw (TaskCancelled if it never finished). Written once, under mutex_.
  std::variant<std::monostate, stored_t<T>, std::exception_ptr> outcome_;
  std::optional<Waker> waiter_;  // the JoinHandle's latest waker while kRunning; under mutex_
};

}  // namespace detail

template <class T>
class JoinHandle {
 public:
  using output_type = T;

  JoinHandle(JoinHandle&&) noexcept = default;
  JoinHandle& operator=(JoinHandle&&) noexcept = default;

  Poll<T> poll(Context& cx) {
    UNAWAIT_CONTRACT(state_ != nullptr, "JoinHandle polled after it returned the task's output");
    try {
      Poll<T> result = state_->poll(cx);
      if (result.is_ready()) state_.reset();
      return result;
    } catch (...) {
      state_.reset();  // the exception is the outcome: the handle is finished
      throw;
    }
  }

 private:
  template <class F>
  friend class detail::Task;
  explicit JoinHandle(std::shared_ptr<detail::JoinState<T>> state) noexcept : state_(std::move(state)) {}

  std::shared_ptr<detail::JoinState<T>> state_;  // null once the outcome was returned
};

}  // namespace unawait
