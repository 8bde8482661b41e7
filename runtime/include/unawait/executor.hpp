// unawait/executor.hpp: Executor, a single-thread run queue.
//
//     unawait::Executor ex;
//     unawait::JoinHandle<int> answer = ex.spawn(compute());  // or ex.spawn("name", compute())
//     ex.spawn(other_task(ex));   // a task may spawn more through a reference to ex
//     ex.run();                   // polls on this thread until every task is done
//     ex.run_until_stalled();     // or: polls until no task is runnable, never parks
//
// spawn() moves the future into a new task and queues it; nothing runs before
// run(). run() pops runnable tasks in FIFO order and polls each once; when
// none is runnable but some are unfinished, the thread parks until a waker
// (called from any thread: the timer thread, another executor...) queues one.
// A task woken several times before it runs is queued once. spawn() may be
// called from any thread, also while run() runs. An exception thrown by a
// task goes to its JoinHandle, never out of run().
//
// Destroying the executor cancels the unfinished tasks: their futures are
// destroyed, and their JoinHandles throw TaskCancelled.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <utility>

#include "detail/task.hpp"
#include "future.hpp"
#include "join_handle.hpp"

namespace unawait {

class Executor {
 public:
  Executor() = default;
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;
  virtual ~Executor() {
    for (detail::TaskRef& task : queue_->close()) task->cancel();
  }

  // Default task names are "task #1", "task #2"... in spawn order.
  template <class F>
  JoinHandle<output_t<F>> spawn(F future) {
    return spawn("task #" + std::to_string(next_id_.fetch_add(1, std::memory_order_relaxed)), std::move(future));
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(std::string name, F future) {
    return detail::spawn_on(queue_, std::move(name), std::move(future));
  }

  // Runs until every spawned task is done (including tasks spawned meanwhile).
  void run() {
    while (detail::TaskRef task = queue_->pop_until_idle()) run_one(*task);
  }

  // Runs until no task is runnable, without parking. True when every task is done.
  bool run_until_stalled() {
    while (detail::TaskRef task = queue_->try_pop()) run_one(*task);
    return queue_->idle();
  }

 protected:
  // Called after a poll left `task` pending and not woken; CheckedExecutor checks it.
  virtual void after_pending_poll(const detail::TaskBase& task) { static_cast<void>(task); }

 private:
  void run_one(detail::TaskBase& task) {
    if (task.run() == detail::RunOutcome::idle) after_pending_poll(task);
  }

  const std::shared_ptr<detail::RunQueue> queue_ = std::make_shared<detail::RunQueue>();
  std::atomic<unsigned long long> next_id_{1};  // numbers default task names; any thread may spawn
};

}  // namespace unawait
