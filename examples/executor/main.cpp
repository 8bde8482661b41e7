// A tiny run-queue executor built only on unawait's public Waker/Context API,
// in the shape of the classic Rust one: a task is a future plus a "queued"
// flag, the task itself is the waker, and waking pushes it on the run queue.
//
// Build: part of the examples (ctest runs it). Expected output: three tasks
// taking turns, then each sleeping, in deadline order.
#include <unawait/unawait.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace {

class TinyExecutor {
 public:
  void spawn(unawait::Async<void> future) {
    auto task = std::make_shared<Task>(this, std::move(future));
    {
      std::lock_guard<std::mutex> lock(mutex_);
      ++unfinished_;
    }
    task->wake();
  }

  // Polls queued tasks until all are done; sleeps while none is runnable.
  void run() {
    while (std::shared_ptr<Task> task = next()) {
      task->queued = false;  // cleared before polling: a wake during the poll queues it again
      unawait::Waker waker = unawait::Waker::from(task);
      unawait::Context cx(waker);
      if (task->future->poll(cx).is_ready()) finish(*task);
    }
  }

 private:
  struct Task : std::enable_shared_from_this<Task> {
    Task(TinyExecutor* owner, unawait::Async<void> future) : owner(owner), future(std::move(future)) {}

    // Any thread may wake a task; it is queued at most once until polled.
    void wake() {
      if (!queued.exchange(true)) owner->push(shared_from_this());
    }

    TinyExecutor* owner;
    std::optional<unawait::Async<void>> future;  // reset when finished, releasing what it holds
    std::atomic<bool> queued{false};             // in the run queue, and not yet popped
  };

  // Notifies while holding the lock: a waker on another thread (the timer's)
  // may push the last task, and once the lock is released run() can finish
  // and destroy this executor, condition variable included.
  void push(std::shared_ptr<Task> task) {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(task));
    changed_.notify_one();
  }

  std::shared_ptr<Task> next() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return !queue_.empty() || unfinished_ == 0; });
    if (queue_.empty()) return nullptr;
    std::shared_ptr<Task> task = std::move(queue_.front());
    queue_.pop_front();
    return task;
  }

  void finish(Task& task) {
    task.future.reset();
    std::lock_guard<std::mutex> lock(mutex_);
    --unfinished_;
  }

  std::mutex mutex_;
  std::condition_variable changed_;            // a task was queued, or the last one finished
  std::deque<std::shared_ptr<Task>> queue_;    // runnable tasks, FIFO
  int unfinished_ = 0;                         // spawned tasks not yet finished
};

unawait::Async<void> worker(std::string name, int sleep_ms) {
  for (int step = 0; step < 2; ++step) {
    std::printf("%s step %d\n", name.c_str(), step);
    co_await unawait::yield_now();  // let the others have a turn
  }
  co_await unawait::sleep_for(std::chrono::milliseconds(sleep_ms));
  std::printf("%s woke after %d ms\n", name.c_str(), sleep_ms);
}

}  // namespace

int main() {
  TinyExecutor executor;
  executor.spawn(worker("a", 30));
  executor.spawn(worker("b", 10));
  executor.spawn(worker("c", 20));
  executor.run();
  std::printf("all done\n");
}
