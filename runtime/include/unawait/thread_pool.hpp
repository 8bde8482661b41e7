// unawait/thread_pool.hpp: ThreadPool, N workers with work stealing.
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
//
// How it is built (after Go's scheduler and Tokio's multi-thread runtime):
// * Each worker has a local run queue, a bounded FIFO ring that only its
//   worker pushes to (no lock: the worker pops and other workers steal with
//   a compare-and-swap of its head). A spawn or a wake on a worker thread of
//   the pool goes to that worker's queue; a full queue moves half of itself
//   to the injection queue.
// * The injection queue (a mutex and an intrusive list) takes spawns and
//   wakes from other threads. A worker looks there every 61 polls and when
//   its own queue is empty, taking a batch at once.
// * A worker with nothing to do steals half of another worker's queue (every
//   queued task can be stolen, so a worker blocked inside a poll never holds
//   up the tasks it queued), then looks at the injection queue, then parks.
// * Parking without a signal per push: a push wakes a parked worker only
//   when no worker is searching for work and some are parked. A worker that
//   stops searching, or parks, checks every queue again after announcing it
//   (sequentially consistent operations on both sides, see notify_work), so
//   no push is missed.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "config.hpp"
#include "detail/parker.hpp"
#include "detail/task.hpp"
#include "future.hpp"
#include "join_handle.hpp"

namespace unawait {

namespace detail {

// A worker's run queue: single producer (its worker, at the tail), many
// consumers (its worker and thieves, at the head, by compare-and-swap).
// Positions are 64-bit counters that never wrap; slot i % kCapacity holds
// position i. A slot is rewritten for position i + kCapacity only after the
// producer saw the head pass i, so a consumer that read position i from it
// and then won the head CAS read the right task (a consumer that read a newer
// one loses the CAS).
class LocalQueue {
 public:
  static constexpr std::uint64_t kCapacity = 256;

  // Owner only. False when full.
  bool push(TaskHeader* task) noexcept {
    std::uint64_t tail = tail_.load(std::memory_order_relaxed);
    // Acquire: our slot write below comes after the reads of the consumers that moved the head.
    std::uint64_t head = head_.load(std::memory_order_acquire);
    if (tail - head >= kCapacity) return false;
    slots_[tail % kCapacity].store(task, std::memory_order_relaxed);
    // Publishes the slot. Sequentially consistent: ordered with the idle
    // checks that follow in notify_work (see PoolCore).
    tail_.store(tail + 1, std::memory_order_seq_cst);
    return true;
  }

  // Owner or thief: the oldest task, or null.
  TaskHeader* pop() noexcept {
    std::uint64_t head = head_.load(std::memory_order_acquire);
    for (;;) {
      std::uint64_t tail = tail_.load(std::memory_order_acquire);
      if (head >= tail) return nullptr;
      TaskHeader* task = slots_[head % kCapacity].load(std::memory_order_relaxed);
      // Release: our slot read comes before the producer's next write of the slot.
      if (head_.compare_exchange_weak(head, head + 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
        return task;
      }
    }
  }

  // Owner only, when push failed: moves the older half and `task` into `batch`.
  // False when the queue is no longer full (retry push).
  bool take_half(TaskHeader* task, TaskList& batch) noexcept {
    TaskHeader* taken[kCapacity / 2];
    std::uint64_t head = head_.load(std::memory_order_acquire);
    std::uint64_t tail = tail_.load(std::memory_order_relaxed);
    std::uint64_t n = (tail - head) / 2;
    if (tail - head < kCapacity) return false;
    for (std::uint64_t i = 0; i < n; ++i) taken[i] = slots_[(head + i) % kCapacity].load(std::memory_order_relaxed);
    if (!head_.compare_exchange_strong(head, head + n, std::memory_order_acq_rel, std::memory_order_acquire)) {
      return false;  // a thief took some: there is room now
    }
    for (std::uint64_t i = 0; i < n; ++i) batch.push_back(taken[i]);
    batch.push_back(task);
    return true;
  }

  // Thief: moves about half of this queue into `into` (the thief's own
  // queue) and returns one of the stolen tasks to run, or null.
  TaskHeader* steal_into(LocalQueue& into) noexcept {
    std::uint64_t into_tail = into.tail_.load(std::memory_order_relaxed);
    std::uint64_t room = kCapacity - (into_tail - into.head_.load(std::memory_order_acquire));
    std::uint64_t head = head_.load(std::memory_order_acquire);
    std::uint64_t n;
    for (;;) {
      std::uint64_t tail = tail_.load(std::memory_order_acquire);
      if (head >= tail) return nullptr;
      n = tail - head;
      n -= n / 2;
      if (n > room) n = room;
      if (n == 0) return nullptr;
      // Into slots past our own tail: unpublished, so no consumer of ours uses them.
      for (std::uint64_t i = 0; i < n; ++i) {
        into.slots_[(into_tail + i) % kCapacity].store(slots_[(head + i) % kCapacity].load(std::memory_order_relaxed),
                                                       std::memory_order_relaxed);
      }
      if (head_.compare_exchange_weak(head, head + n, std::memory_order_acq_rel, std::memory_order_acquire)) break;
    }
    // Ours now: run the newest, publish the others.
    TaskHeader* task = into.slots_[(into_tail + n - 1) % kCapacity].load(std::memory_order_relaxed);
    if (n > 1) into.tail_.store(into_tail + n - 1, std::memory_order_seq_cst);
    return task;
  }

  bool looks_empty() const noexcept {
    return tail_.load(std::memory_order_seq_cst) <= head_.load(std::memory_order_seq_cst);
  }

 private:
  alignas(64) std::atomic<std::uint64_t> head_{0};  // next position to consume; CAS by consumers
  alignas(64) std::atomic<std::uint64_t> tail_{0};  // next position to produce; written by the owner
  std::atomic<TaskHeader*> slots_[kCapacity] = {};
};

// Spawns and wakes from outside the pool's workers, and overflow of full
// local queues.
class InjectionQueue {
 public:
  void push(TaskList& batch, std::size_t count) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    list_.append(batch);
    len_.store(len_.load(std::memory_order_relaxed) + count, std::memory_order_seq_cst);
  }
  void push(TaskHeader* task) noexcept {
    TaskList one;
    one.push_back(task);
    push(one, 1);
  }
  // Up to `max` tasks: the first is returned, the others pushed onto `local`.
  TaskHeader* pop_batch(LocalQueue& local, std::size_t max) noexcept {
    if (len_.load(std::memory_order_acquire) == 0) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t len = len_.load(std::memory_order_relaxed);
    if (len == 0) return nullptr;
    if (max > len) max = len;
    TaskHeader* first = list_.pop_front();
    std::size_t taken = 1;
    while (taken < max) {
      TaskHeader* task = list_.pop_front();
      if (!local.push(task)) {  // full after all: leave it here
        list_.push_front(task);
        break;
      }
      ++taken;
    }
    len_.store(len - taken, std::memory_order_release);
    return first;
  }
  bool looks_empty() const noexcept { return len_.load(std::memory_order_seq_cst) == 0; }

 private:
  std::mutex mutex_;
  TaskList list_;                     // under mutex_
  std::atomic<std::size_t> len_{0};   // the length of list_; written under mutex_
};

class PoolCore;

struct PoolWorker {
  PoolCore* pool = nullptr;
  std::size_t index = 0;
  LocalQueue queue;
  Parker parker;
  unsigned tick = 0;
  bool searching = false;  // counted in PoolCore::searching_; this worker's thread only
  bool idle = false;       // in PoolCore::idle_; under PoolCore::idle_mutex_
};

inline PoolWorker*& current_pool_worker() noexcept {
  static thread_local PoolWorker* current = nullptr;
  return current;
}

class PoolCore final : public Scheduler {
 public:
  explicit PoolCore(std::size_t threads) : workers_(new PoolWorker[threads]), count_(threads) {
    idle_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) {
      workers_[i].pool = this;
      workers_[i].index = i;
    }
  }

  void schedule(TaskHeader* task) noexcept override {
    PoolWorker* w = current_pool_worker();
    if (w != nullptr && w->pool == this) {
      push_local(*w, task);
      notify_work();  // the pool cannot go while one of its workers runs
      return;
    }
    // From outside: once queued, a worker may finish the task and the pool
    // go before notify_work returns; keep the core alive until then.
    ref();
    injector_.push(task);
    notify_work();
    unref();
  }

  void task_done(TaskHeader*) noexcept override {
    if (unfinished_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      { std::lock_guard<std::mutex> lock(done_mutex_); }
      all_done_.notify_all();
    }
  }

  void admit(TaskHeader* task) noexcept {
    unfinished_.fetch_add(1, std::memory_order_relaxed);
    schedule(task);
  }

  void work(std::size_t index) {
    PoolWorker& w = workers_[index];
    CurrentSchedulerScope scope(this);
    current_pool_worker() = &w;
    for (;;) {
      TaskHeader* task = next_task(w);
      if (task == nullptr) {
        task = search(w);
      } else if (w.searching) {
        end_search(w, true);  // woken to search, found work at once
      }
      if (task != nullptr) {
        run_task(task);
        continue;
      }
      if (shutdown_.load(std::memory_order_acquire)) break;
      park(w);
    }
    current_pool_worker() = nullptr;
  }

  void wait_all_done() {
    std::unique_lock<std::mutex> lock(done_mutex_);
    all_done_.wait(lock, [this] { return unfinished_.load(std::memory_order_acquire) == 0; });
  }

  void shut_down() {
    shutdown_.store(true, std::memory_order_seq_cst);
    for (std::size_t i = 0; i < count_; ++i) workers_[i].parker.unpark();
  }

  std::size_t threads() const noexcept { return count_; }

 private:
  void push_local(PoolWorker& w, TaskHeader* task) noexcept {
    while (!w.queue.push(task)) {
      TaskList batch;
      if (w.queue.take_half(task, batch)) {
        injector_.push(batch, LocalQueue::kCapacity / 2 + 1);
        return;
      }
    }
  }

  TaskHeader* next_task(PoolWorker& w) noexcept {
    if (++w.tick % 61 == 0) {  // now and then the injection queue first, so it never starves
      if (TaskHeader* task = injector_.pop_batch(w.queue, 1)) return task;
    }
    if (TaskHeader* task = w.queue.pop()) return task;
    return injector_.pop_batch(w.queue, LocalQueue::kCapacity / 2);
  }

  // Steals from the other workers, then looks at the injection queue.
  TaskHeader* search(PoolWorker& w) noexcept {
    if (!w.searching) {
      w.searching = true;
      searching_.fetch_add(1, std::memory_order_seq_cst);
    }
    TaskHeader* task = nullptr;
    for (std::size_t i = 1; i < count_ && task == nullptr; ++i) {
      task = workers_[(w.index + i) % count_].queue.steal_into(w.queue);
    }
    if (task == nullptr) task = injector_.pop_batch(w.queue, LocalQueue::kCapacity / 2);
    end_search(w, task != nullptr);
    return task;
  }

  void end_search(PoolWorker& w, bool found) noexcept {
    w.searching = false;
    bool last = searching_.fetch_sub(1, std::memory_order_seq_cst) == 1;
    // The last searcher found work: there may be more, so keep one worker looking.
    if (found && last) notify_work();
  }

  bool has_work() const noexcept {
    if (!injector_.looks_empty()) return true;
    for (std::size_t i = 0; i < count_; ++i) {
      if (!workers_[i].queue.looks_empty()) return true;
    }
    return false;
  }

  // After a push: wake a parked worker if nobody is searching.
  //
  // No wake-up is lost: a push (a sequentially consistent store to a queue)
  // is followed by sequentially consistent loads of searching_ and
  // idle_count_; a worker that stops searching or goes idle changes them
  // with sequentially consistent read-modify-writes and only then looks at
  // every queue again (sequentially consistent loads). In the single total
  // order, either the pusher sees the worker searching or idle (and a
  // searcher will find the task, or the idle worker is woken), or the
  // worker's second look sees the task.
  void notify_work() noexcept {
    if (searching_.load(std::memory_order_seq_cst) != 0 || idle_count_.load(std::memory_order_seq_cst) == 0) return;
    PoolWorker* woken = nullptr;
    {
      std::lock_guard<std::mutex> lock(idle_mutex_);
      if (idle_.empty()) return;
      woken = idle_.back();
      idle_.pop_back();
      woken->idle = false;
      idle_count_.fetch_sub(1, std::memory_order_relaxed);
      searching_.fetch_add(1, std::memory_order_seq_cst);  // counted for it: it wakes up searching
    }
    woken->parker.unpark();
  }

  void park(PoolWorker& w) {
    {
      std::lock_guard<std::mutex> lock(idle_mutex_);
      w.idle = true;
      idle_.push_back(&w);
      idle_count_.fetch_add(1, std::memory_order_seq_cst);
    }
    if (!has_work() && !shutdown_.load(std::memory_order_seq_cst)) w.parker.park();
    std::lock_guard<std::mutex> lock(idle_mutex_);
    if (w.idle) {  // not woken by notify_work (work seen, shutdown, or a stale permit)
      w.idle = false;
      for (std::size_t i = 0; i < idle_.size(); ++i) {
        if (idle_[i] == &w) {
          idle_[i] = idle_.back();
          idle_.pop_back();
          break;
        }
      }
      idle_count_.fetch_sub(1, std::memory_order_relaxed);
    } else {
      w.searching = true;  // notify_work counted us as searching
    }
  }

  const std::unique_ptr<PoolWorker[]> workers_;
  const std::size_t count_;
  InjectionQueue injector_;
  std::atomic<std::size_t> searching_{0};   // workers looking for work (stealing)
  std::atomic<std::size_t> idle_count_{0};  // idle_.size(), readable without the lock
  std::mutex idle_mutex_;
  std::vector<PoolWorker*> idle_;           // parked (or about to park) workers; under idle_mutex_
  std::atomic<bool> shutdown_{false};
  std::atomic<std::size_t> unfinished_{0};  // spawned, not completed
  std::mutex done_mutex_;
  std::condition_variable all_done_;        // unfinished_ reached 0
};

}  // namespace detail

class ThreadPool {
 public:
  explicit ThreadPool(std::size_t threads) : core_(make_core(threads)) {
    workers_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([core = core_, i] { core->work(i); });
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  ~ThreadPool() {
    core_->wait_all_done();
    core_->shut_down();
    for (std::thread& worker : workers_) worker.join();
    core_->unref();
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(F future) {
    return spawn("pool task", std::move(future));
  }

  template <class F>
  JoinHandle<output_t<F>> spawn(std::string name, F future) {
    auto* task = detail::new_task(core_, std::move(future), 0, &name);
    JoinHandle<output_t<F>> handle = detail::make_join_handle<output_t<F>>(task);
    core_->admit(task);
    return handle;
  }

 private:
  static detail::PoolCore* make_core(std::size_t threads) {
    UNAWAIT_CONTRACT(threads > 0, "ThreadPool needs at least one thread");
    return new detail::PoolCore(threads);
  }

  detail::PoolCore* const core_;
  std::vector<std::thread> workers_;
};

}  // namespace unawait
