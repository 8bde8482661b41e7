// unawait/timer.hpp: sleep_for and sleep_until.
//
//     co_await unawait::sleep_for(std::chrono::milliseconds(100));
//     co_await unawait::sleep_until(std::chrono::steady_clock::now() + 1s);
//
// Every sleep in the process is served by one timer thread, started on the
// first registration, holding the sleeps ordered by deadline. So sleeps work
// under any executor (block_on, Executor, ThreadPool, your own), and ten
// thousand of them cost no threads.
//
// * The deadline is fixed when the Sleep is created (sleep_for(d) means
//   steady_clock::now() + d at that moment).
// * A sleep registers with the timer thread on its first poll (if its
//   deadline has not passed), and keeps the waker of its latest poll.
// * The timer thread wakes due sleeps in deadline order (ties in the order
//   they registered), calling each one's waker itself.
// * Destroying a pending Sleep deregisters it (its waker is released at once).
// * Polling a Sleep again after it returned ready is a contract violation,
//   and so is moving a registered Sleep.
//
// No allocation per sleep: the registration (deadline, order, waker) lives
// inside the Sleep, and the timer thread keeps a binary heap of pointers to
// registrations (a vector that only grows when more sleeps are pending at
// once than ever before). A fired registration is taken off the heap under
// the lock and its waker called after unlocking, one at a time, so nothing
// is copied into a temporary list.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "config.hpp"
#include "context.hpp"
#include "poll.hpp"
#include "waker.hpp"

namespace unawait {

namespace detail {

// One pending sleep, inside its Sleep. Every field is under the driver's mutex
// while the sleep is registered.
struct TimerEntry {
  std::chrono::steady_clock::time_point deadline;
  std::uint64_t number = 0;      // registration order, for ties
  std::size_t heap_index = 0;    // position in the driver's heap while queued
  bool queued = false;           // in the heap (registered, not fired)
  std::optional<Waker> waker;    // the latest poll's waker, until fired
};

// The process-wide deadline heap and the thread that fires it.
class TimerDriver {
 public:
  using Clock = std::chrono::steady_clock;

  static TimerDriver& instance() {
    // Never destroyed: sleeps may outlive static destruction, and the
    // thread (detached) may still be waiting when the process exits.
    static TimerDriver* const driver = new TimerDriver();
    return *driver;
  }

  // Number of timer threads ever started in this process (tests check it is 1).
  static std::atomic<int>& threads_started() {
    static std::atomic<int> count{0};
    return count;
  }

  void add(TimerEntry& entry, const Waker& waker) {
    std::lock_guard<std::mutex> lock(mutex_);
    start_thread_once();
    entry.number = next_number_++;
    entry.waker.emplace(waker);
    entry.queued = true;
    entry.heap_index = heap_.size();
    heap_.push_back(&entry);
    sift_up(entry.heap_index);
    if (heap_.front() == &entry) changed_.notify_one();  // the thread waits for an earlier deadline now
  }

  // Replaces the waker of a registered sleep. False if it has fired already.
  bool update(TimerEntry& entry, const Waker& waker) {
    std::optional<Waker> replaced;  // dropped after unlocking
    std::lock_guard<std::mutex> lock(mutex_);
    if (!entry.queued) return false;
    if (!entry.waker->will_wake(waker)) replaced = std::exchange(entry.waker, waker);
    return true;
  }

  void remove(TimerEntry& entry) {
    std::optional<Waker> removed;  // dropped after unlocking
    std::lock_guard<std::mutex> lock(mutex_);
    if (!entry.queued) return;
    removed.swap(entry.waker);
    erase(entry.heap_index);
  }

  std::size_t registered() {
    std::lock_guard<std::mutex> lock(mutex_);
    return heap_.size();
  }

 private:
  TimerDriver() = default;

  static bool earlier(const TimerEntry* a, const TimerEntry* b) noexcept {
    return a->deadline < b->deadline || (a->deadline == b->deadline && a->number < b->number);
  }
  void place(std::size_t i, TimerEntry* e) noexcept {
    heap_[i] = e;
    e->heap_index = i;
  }
  void sift_up(std::size_t i) noexcept {
    TimerEntry* e = heap_[i];
    while (i > 0) {
      std::size_t parent = (i - 1) / 2;
      if (!earlier(e, heap_[parent])) break;
      place(i, heap_[parent]);
      i = parent;
    }
    place(i, e);
  }
  void sift_down(std::size_t i) noexcept {
    TimerEntry* e = heap_[i];
    std::size_t n = heap_.size();
    for (;;) {
      std::size_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && earlier(heap_[child + 1], heap_[child])) ++child;
      if (!earlier(heap_[child], e)) break;
      place(i, heap_[child]);
      i = child;
    }
    place(i, e);
  }
  // Takes heap_[i] out of the heap.
  void erase(std::size_t i) noexcept {
    heap_[i]->queued = false;
    TimerEntry* last = heap_.back();
    heap_.pop_back();
    if (i == heap_.size()) return;
    place(i, last);
    sift_down(i);
    sift_up(last->heap_index);
  }

  void start_thread_once() {
    if (started_) return;
    started_ = true;
    threads_started().fetch_add(1, std::memory_order_relaxed);
    std::thread([this] { fire_forever(); }).detach();
  }

  void fire_forever() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      if (heap_.empty()) {
        changed_.wait(lock);
        continue;
      }
      Clock::time_point earliest = heap_.front()->deadline;
      Clock::time_point now = Clock::now();
      if (now < earliest) {
        changed_.wait_until(lock, earliest);
        continue;
      }
      // Fire every sleep due now, in deadline order, one at a time: the
      // Sleep may be destroyed as soon as we unlock, so take its waker first.
      while (!heap_.empty() && heap_.front()->deadline <= now) {
        TimerEntry* due = heap_.front();
        std::optional<Waker> waker = std::exchange(due->waker, std::nullopt);
        erase(0);
        lock.unlock();  // wakers run executor code: never under our lock
        if (waker) std::move(*waker).wake();
        lock.lock();
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;  // signalled when a new earliest deadline is added
  std::vector<TimerEntry*> heap_;    // registered, not yet fired: a binary min-heap by (deadline, number)
  std::uint64_t next_number_ = 0;    // under mutex_
  bool started_ = false;             // the thread was started; under mutex_
};

}  // namespace detail

class Sleep {
 public:
  using output_type = void;
  using Clock = std::chrono::steady_clock;

  explicit Sleep(Clock::time_point deadline) noexcept { entry_.deadline = deadline; }
  Sleep(Sleep&& other) noexcept : state_(other.state_) {
    UNAWAIT_CONTRACT(other.state_ != State::registered, "a registered Sleep must not be moved");
    entry_.deadline = other.entry_.deadline;
  }
  Sleep& operator=(Sleep&&) = delete;
  ~Sleep() {
    if (state_ == State::registered) detail::TimerDriver::instance().remove(entry_);
  }

  Clock::time_point deadline() const noexcept { return entry_.deadline; }

  Poll<void> poll(Context& cx) {
    UNAWAIT_CONTRACT(state_ != State::done, "Sleep polled after it completed");
    auto& driver = detail::TimerDriver::instance();
    bool due;
    if (state_ == State::registered) {
      due = !driver.update(entry_, cx.waker());  // off the heap means fired
    } else {
      due = Clock::now() >= entry_.deadline;
      if (!due) driver.add(entry_, cx.waker());
    }
    state_ = due ? State::done : State::registered;
    return due ? ready() : Poll<void>(pending);
  }

 private:
  enum class State : unsigned char {
    unregistered,  // not polled yet (or its deadline had passed at the first poll)
    registered,    // entry_ is (or was, until it fired) in the driver's heap
    done,          // returned ready
  };

  State state_ = State::unregistered;
  detail::TimerEntry entry_;  // the registration; its fields are the driver's while registered
};

inline Sleep sleep_until(Sleep::Clock::time_point deadline) noexcept { return Sleep(deadline); }

template <class Rep, class Period>
Sleep sleep_for(std::chrono::duration<Rep, Period> duration) {
  return Sleep(Sleep::Clock::now() + std::chrono::duration_cast<Sleep::Clock::duration>(duration));
}

}  // namespace unawait
