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

#include <cstddef>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "config.hpp"
#include "detail/task.hpp"
#include "future.hpp"
#include "join_handle.hpp"

namespace unawait {

class ThreadPool {
 public:
  explicit ThreadPool(std::size_t threads) {
    UNAWAIT_CONTRACT(threads > 0, "ThreadPool needs at least one thread");
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([queue = queue_] { work(*queue); });
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  ~ThreadPool() {
    queue_->wait_idle();
    queue_->close();  // nothing is unfinished any more; this stops the workers
    for (std::thread& worker : workers_) worker.join();
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(F future) {
    return spawn("pool task", std::move(future));
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(std::string name, F future) {
    return detail::spawn_on(queue_, std::move(name), std::move(future));
  }

 private:
  static void work(detail::RunQueue& queue) {
    while (detail::TaskRef task = queue.pop_until_closed()) task->run();
  }

  const std::shared_ptr<detail::RunQueue> queue_ = std::make_shared<detail::RunQueue>();
  std::vector<std::thread> workers_;
};

}  // namespace unawait
