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
// While it is parked it also drives the timers (timer.hpp): it fires due
// sleeps itself, and parks only until the earliest deadline.
// A task woken several times before it runs is queued once. spawn() may be
// called from any thread, also while run() runs. An exception thrown by a
// task goes to its JoinHandle, never out of run().
//
// Destroying the executor cancels the unfinished tasks: their futures are
// destroyed, and their JoinHandles throw TaskCancelled.
//
// How it is built. A spawn or a wake on the thread inside run() (the "run
// thread") goes to a local intrusive FIFO with no lock, no atomic and no
// signal. A spawn or a wake from any other thread (or from this thread
// outside run()) is pushed onto a lock-free intrusive stack with one
// compare-and-swap, and unparks the run thread (one exchange unless it is
// parked). So the timer thread, or another executor, wakes a task without a
// lock. run() takes the whole stack at once (one exchange), in FIFO order,
// when the local queue is empty and every 61 polls, so neither side starves
// the other. Unfinished tasks that were polled once are kept in an intrusive
// list (run thread only) for the destructor to cancel; tasks still in a
// queue are found there.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>

#include "config.hpp"
#include "detail/parker.hpp"
#include "detail/task.hpp"
#include "future.hpp"
#include "join_handle.hpp"
#include "timer.hpp"

namespace unawait {

namespace detail {

class ExecutorCore final : public Scheduler {
 public:
  // --- any thread ---
  void schedule(TaskHeader* task) noexcept override {
    if (current_scheduler() == this) {
      local_.push_back(task);
    } else {
      push_remote(task);
    }
  }

  // Lock-free: a push onto an intrusive stack (one compare-and-swap), then
  // an unpark (one exchange unless the run thread is parked).
  void push_remote(TaskHeader* task) noexcept {
    // Once the task is in the queue, the run thread may run it, finish, and
    // free it, and then the executor and this core could go too: keep the
    // core alive until we have unparked.
    ref();
    if (try_push_remote(task)) {
      parker_.unpark();
    } else {
      unref_task(task);  // shut down: the entry is dropped (the task was cancelled)
    }
    unref();
  }

  // Spawn from any thread; the run thread links the task at once.
  void admit(TaskHeader* task) {
    if (current_scheduler() == this) {
      link(task);
      local_.push_back(task);
      return;
    }
    bool pushed = try_push_remote(task);
    UNAWAIT_CONTRACT(pushed, "spawn on an executor that is shutting down");
    static_cast<void>(pushed);
    parker_.unpark();
  }

  void task_done(TaskHeader* task) noexcept override { unlink(task); }

  // --- the run thread (inside run(), or the destructor) ---

  // The next runnable task (owning its runnable reference), or null.
  TaskHeader* next() noexcept {
    if ((++tick_ % 61 == 0 || local_.empty()) && remote_.load(std::memory_order_acquire) != nullptr) {
      take_remote(local_, nullptr);
    }
    TaskHeader* task = local_.pop_front();
    if (task != nullptr && task->live_next == nullptr &&
        (task->state.load(std::memory_order_relaxed) & kCompleted) == 0) {
      link(task);  // spawned remotely: first seen here
    }
    return task;
  }

  // No unfinished task: none linked and none waiting in the remote queue.
  bool idle() const noexcept {
    return sentinel_.live_next == &sentinel_ && local_.empty() && remote_.load(std::memory_order_acquire) == nullptr;
  }

  void park() { parker_.park(); }
  // Moves the remote queue to the back of the local one.
  void take_remote() noexcept {
    if (remote_.load(std::memory_order_acquire) != nullptr) take_remote(local_, nullptr);
  }
  Parker& parker() noexcept { return parker_; }

  std::uint64_t next_number() noexcept { return next_number_.fetch_add(1, std::memory_order_relaxed); }

  // The destructor: refuse further pushes, cancel every unfinished task,
  // drop every queue entry.
  void shut_down() noexcept {
    TaskList queued;
    take_remote(queued, closed());  // and close: later pushes are refused
    queued.append(local_);
    TaskList entries;
    while (TaskHeader* task = queued.pop_front()) {
      // Remotely spawned tasks never polled are unfinished too.
      if (task->live_next == nullptr && (task->state.load(std::memory_order_acquire) & kCompleted) == 0) link(task);
      entries.push_back(task);
    }
    // Cancelling runs future destructors; a wake from one goes to the closed
    // remote queue and is dropped, since this thread is not inside run().
    while (sentinel_.live_next != &sentinel_) cancel_task(sentinel_.live_next);  // task_done unlinks it
    while (TaskHeader* entry = entries.pop_front()) unref_task(entry);
  }

  ExecutorCore() noexcept : sentinel_(nullptr, nullptr, 0) { sentinel_.live_prev = sentinel_.live_next = &sentinel_; }

 private:
  // The live list: circular and doubly linked through live_prev/live_next,
  // around a sentinel header that is never a task.
  void link(TaskHeader* task) noexcept {
    task->live_prev = sentinel_.live_prev;
    task->live_next = &sentinel_;
    sentinel_.live_prev->live_next = task;
    sentinel_.live_prev = task;
  }

  void unlink(TaskHeader* task) noexcept {
    if (task->live_next == nullptr) return;  // completed before it was linked
    task->live_prev->live_next = task->live_next;
    task->live_next->live_prev = task->live_prev;
    task->live_prev = task->live_next = nullptr;
  }

  TaskHeader* closed() noexcept { return &sentinel_; }  // a marker, never a queued task

  bool try_push_remote(TaskHeader* task) noexcept {
    TaskHeader* top = remote_.load(std::memory_order_relaxed);
    do {
      if (top == closed()) return false;
      task->next_queued = top;
      // Release: the taker sees next_queued and what the waker wrote.
    } while (!remote_.compare_exchange_weak(top, task, std::memory_order_release, std::memory_order_relaxed));
    return true;
  }

  // Moves the remote stack, oldest first, to the back of `into`; leaves `replacement` as the top.
  void take_remote(TaskList& into, TaskHeader* replacement) noexcept {
    TaskHeader* top = remote_.exchange(replacement, std::memory_order_acquire);
    if (top == closed()) top = nullptr;
    TaskList fifo;
    for (TaskHeader* t = top; t != nullptr;) {
      TaskHeader* below = t->next_queued;
      fifo.push_front(t);
      t = below;
    }
    into.append(fifo);
  }

  // Run thread only.
  TaskList local_;
  TaskHeader sentinel_;
  unsigned tick_ = 0;
  // The remote queue: an intrusive stack through next_queued (newest
  // first), taken whole by the run thread and reversed into FIFO order.
  // closed() once shut down. Pushing is a CAS of the top only and taking is
  // an exchange of the whole stack, so there is no ABA hazard.
  std::atomic<TaskHeader*> remote_{nullptr};
  Parker parker_;
  std::atomic<std::uint64_t> next_number_{1};
};

}  // namespace detail

class Executor {
 public:
  Executor() = default;
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;
  virtual ~Executor() {
    core_->shut_down();
    core_->unref();  // the tasks still referenced somewhere keep the core until they go
  }

  // Default task names are "task #1", "task #2"... in spawn order (formatted only when needed).
  template <class F>
  JoinHandle<output_t<F>> spawn(F future) {
    return spawn_named(core_->next_number(), nullptr, std::move(future));
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(std::string name, F future) {
    return spawn_named(0, &name, std::move(future));
  }

  // Runs until every spawned task is done (including tasks spawned meanwhile).
  void run() {
    detail::CurrentSchedulerScope scope(core_);
    bool drove = false;  // looked at the timers when idle
    for (;;) {
      if (detail::TaskHeader* task = core_->next()) {
        run_one(task);
      } else if (core_->idle()) {
        if (drove) detail::TimerDriver::started()->resign();
        return;
      } else if (detail::TimerDriver* timers = detail::TimerDriver::started()) {
        drove = true;
        // Fire due sleeps here rather than wait for the timer thread; else
        // park until the earliest deadline as the timer driver (timer.hpp).
        if (!timers->fire_due([this] { core_->take_remote(); })) timers->park_driving(core_->parker());
      } else {
        core_->park();
      }
    }
  }

  // Runs until no task is runnable, without parking. True when every task is done.
  bool run_until_stalled() {
    detail::CurrentSchedulerScope scope(core_);
    while (detail::TaskHeader* task = core_->next()) run_one(task);
    return core_->idle();
  }

 protected:
  // Called after a poll left `task` pending and not woken; CheckedExecutor checks it.
  virtual void after_pending_poll(const detail::TaskHeader& task) { static_cast<void>(task); }

 private:
  template <class F>
  JoinHandle<output_t<F>> spawn_named(std::uint64_t number, const std::string* name, F future) {
    auto* task = detail::new_task(core_, std::move(future), number, name);
    JoinHandle<output_t<F>> handle = detail::make_join_handle<output_t<F>>(task);
    core_->admit(task);
    return handle;
  }

  void run_one(detail::TaskHeader* task) {
    if (detail::run_task(task) == detail::RunOutcome::idle) after_pending_poll(*task);
  }

  detail::ExecutorCore* const core_ = new detail::ExecutorCore();
};

}  // namespace unawait
