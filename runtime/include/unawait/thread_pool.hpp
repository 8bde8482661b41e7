// unawait/thread_pool.hpp: ThreadPool, N workers sharing one run queue.
//
//     unawait::ThreadPool pool(4);
//     unawait::JoinHandle<int> h = pool.spawn(compute());
//     int v = unawait::block_on(h);   // wait from outside the pool
//     // ~ThreadPool waits for every spawned task, then joins its threads
//
// Any worker may poll a task, and a task may move from one worker to another
// between polls; one poll of a task never overlaps another. So a future
// must use the waker of its latest poll (the one in its Context), and
// anything it shares with other threads must be thread-safe. The destructor
// waits until every spawned task (including those spawned meanwhile) is
// done; a task that never finishes makes it wait forever.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "config.hpp"
#include "detail/task.hpp"
#include "future.hpp"
#include "join_handle.hpp"

namespace unawait {

namespace detail {

// The shared queue of the pool's tasks (one mutex, one intrusive list).
class PoolCore final : public Scheduler {
 public:
  void schedule(TaskHeader* task) noexcept override {
    ref();  // a worker may finish the task and the pool go before notify_one returns
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(task);
    }
    runnable_.notify_one();
    unref();
  }
  void task_done(TaskHeader* task) noexcept override {
    unref_task(task);
    if (unfinished_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      { std::lock_guard<std::mutex> lock(mutex_); }
      idle_.notify_all();
    }
  }
  void admit(TaskHeader* task) {
    unfinished_.fetch_add(1, std::memory_order_relaxed);
    schedule(task);
  }
  void work() {
    CurrentSchedulerScope scope(this);
    for (;;) {
      TaskHeader* task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        runnable_.wait(lock, [this] { return !queue_.empty() || closed_; });
        task = queue_.pop_front();
        if (task == nullptr) return;
      }
      run_task(task);
    }
  }
  void wait_idle() {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return unfinished_.load(std::memory_order_acquire) == 0; });
  }
  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    runnable_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable runnable_, idle_;
  TaskList queue_;                          // under mutex_
  bool closed_ = false;                     // under mutex_
  std::atomic<std::size_t> unfinished_{0};  // spawned, not completed
};

}  // namespace detail

class ThreadPool {
 public:
  explicit ThreadPool(std::size_t threads) {
    UNAWAIT_CONTRACT(threads > 0, "ThreadPool needs at least one thread");
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([core = core_] { core->work(); });
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  ~ThreadPool() {
    core_->wait_idle();
    core_->close();
    for (std::thread& worker : workers_) worker.join();
    core_->unref();
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(F future) {
    return spawn("pool task", std::move(future));
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(std::string name, F future) {
    auto* task = detail::new_task(core_, std::move(future), 0, std::move(name));
    JoinHandle<output_t<F>> handle = detail::make_join_handle<output_t<F>>(task);
    core_->admit(task);
    return handle;
  }

 private:
  detail::PoolCore* const core_ = new detail::PoolCore();
  std::vector<std::thread> workers_;
};

}  // namespace unawait
