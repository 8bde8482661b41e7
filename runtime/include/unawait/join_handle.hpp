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
//   makes poll() throw unawait::TaskCancelled (without exceptions: print its
//   message and abort, see config.hpp).
// * Destroying the handle detaches the task: it runs on, its output is dropped.
// * Polling again after the output (or exception) was returned is a contract violation.
//
// The handle points into the task's own block (detail/task.hpp): the outcome
// is stored there, and the handle's waker waits in the task's `awaiter` slot.
// The state word's kHandle, kAwaiter, kCompleted and kClosed bits decide who
// destroys the outcome; no lock is taken.
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <utility>

#include "config.hpp"
#include "context.hpp"
#include "detail/task.hpp"
#include "poll.hpp"
#include "waker.hpp"

namespace unawait {

template <class T>
class JoinHandle;

namespace detail {
template <class T>
JoinHandle<T> make_join_handle(TaskCore<T>* task) noexcept;
}  // namespace detail

template <class T>
class JoinHandle {
 public:
  using output_type = T;

  JoinHandle(JoinHandle&& other) noexcept : task_(std::exchange(other.task_, nullptr)) {}
  JoinHandle& operator=(JoinHandle&& other) noexcept {
    JoinHandle old(std::move(*this));
    task_ = std::exchange(other.task_, nullptr);
    return *this;
  }
  ~JoinHandle() {
    if (task_ != nullptr) detach(task_);
  }

  Poll<T> poll(Context& cx) {
    UNAWAIT_CONTRACT(task_ != nullptr, "JoinHandle polled after it returned the task's output");
    // Acquire: see the outcome the completing thread stored.
    std::uint64_t s = task_->state.load(std::memory_order_acquire);
    if ((s & detail::kCompleted) == 0) {
      // Register first, then announce it in the state word: completion
      // either sees kAwaiter (and wakes the waker registered before it) or
      // completed before our fetch_or (which then sees kCompleted).
      task_->awaiter.register_waker(cx.waker());
      s = task_->state.fetch_or(detail::kAwaiter, std::memory_order_acq_rel);
      if ((s & detail::kCompleted) == 0) return pending;
    }
    return take((s & detail::kFailed) != 0);
  }

 private:
  friend JoinHandle detail::make_join_handle<T>(detail::TaskCore<T>* task) noexcept;
  explicit JoinHandle(detail::TaskCore<T>* task) noexcept : task_(task) {}

  // The task completed and we hold kHandle without kClosed: the outcome is ours.
  Poll<T> take(bool failed) {
    detail::TaskCore<T>* task = std::exchange(task_, nullptr);  // finished, whatever happens below
    if (!failed) {
      Poll<T> result = detail::ready_from<T>(std::move(task->value));
      release(task, false);
      return result;
    }
#if UNAWAIT_EXCEPTIONS
    std::exception_ptr error = task->error;
    release(task, true);
    std::rethrow_exception(std::move(error));
#else
    // Without exceptions only a cancellation fails a task: abort, naming it.
    TaskCancelled cancelled(task->display_name());
    release(task, true);
    detail::throw_or_abort(cancelled);
#endif
  }

  // After taking the outcome: destroy it, close, drop the handle's reference.
  static void release(detail::TaskCore<T>* task, bool failed) noexcept {
    task->destroy_outcome(failed);
    std::uint64_t s = task->state.load(std::memory_order_relaxed);
    if ((s & detail::kAwaiter) != 0) task->awaiter.take();  // a waker registered after completion was never woken
    while (!task->state.compare_exchange_weak(s, ((s | detail::kClosed) & ~detail::kHandle) - detail::kReference,
                                              std::memory_order_acq_rel, std::memory_order_relaxed)) {
    }
    if (detail::refs_of(s) == 1) task->vtable->destroy(task);
  }

  // Dropped before taking the outcome: the task runs on; if it completed
  // already, we destroy the outcome. One read-modify-write when it has not
  // completed (kHandle and our reference go together).
  static void detach(detail::TaskCore<T>* task) noexcept {
    std::uint64_t s = task->state.load(std::memory_order_relaxed);
    if ((s & detail::kAwaiter) != 0) task->awaiter.take();  // release our waker now, not when the task dies
    for (;;) {
      if ((s & detail::kCompleted) != 0) {
        // The outcome is ours (kHandle is set, so kClosed is not).
        if (task->state.compare_exchange_weak(s, (s & ~detail::kHandle) | detail::kClosed, std::memory_order_acq_rel,
                                              std::memory_order_relaxed)) {
          task->destroy_outcome((s & detail::kFailed) != 0);
          detail::unref_task(task);
          return;
        }
      } else if (task->state.compare_exchange_weak(s, (s & ~detail::kHandle) - detail::kReference,
                                                   std::memory_order_acq_rel, std::memory_order_relaxed)) {
        if (detail::refs_of(s) == 1) task->vtable->destroy(task);
        return;
      }
    }
  }

  detail::TaskCore<T>* task_;  // null once the outcome was returned
};

namespace detail {
template <class T>
JoinHandle<T> make_join_handle(TaskCore<T>* task) noexcept {
  return JoinHandle<T>(task);
}
}  // namespace detail

}  // namespace unawait
