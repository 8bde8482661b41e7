// unawait/timer.hpp: sleep_for and sleep_until.
//
//     co_await unawait::sleep_for(std::chrono::milliseconds(100));
//     co_await unawait::sleep_until(std::chrono::steady_clock::now() + 1s);
//
// Every sleep in the process is served by one timer thread, started on the
// first registration, holding the sleeps ordered by deadline. So sleeps work
// under any executor (block_on, Executor, ThreadPool, your own), and ten
// thousand of them cost ten thousand map entries, not threads.
//
// * The deadline is fixed when the Sleep is created (sleep_for(d) means
//   steady_clock::now() + d at that moment).
// * A sleep registers with the timer thread on its first poll (if its
//   deadline has not passed), and keeps the waker of its latest poll.
// * The timer thread wakes due sleeps in deadline order (ties in the order
//   they registered).
// * Destroying a pending Sleep deregisters it (its waker is released at once).
// * Polling a Sleep again after it returned ready is a contract violation.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
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

// The process-wide deadline map and the thread that fires it.
class TimerDriver {
 public:
  using Clock = std::chrono::steady_clock;
  using Key = std::pair<Clock::time_point, std::uint64_t>;  // (deadline, registration number): unique, ordered

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

  Key add(Clock::time_point deadline, const Waker& waker) {
    std::lock_guard<std::mutex> lock(mutex_);
    start_thread_once();
    Key key{deadline, next_number_++};
    bool new_earliest = sleepers_.empty() || key < sleepers_.begin()->first;
    sleepers_.emplace(key, waker);
    if (new_earliest) changed_.notify_one();  // the thread waits for an earlier deadline now
    return key;
  }

  // Replaces the waker of a registered sleep. False if it has fired already.
  bool update(const Key& key, const Waker& waker) {
    std::optional<Waker> replaced;  // dropped after unlocking
    std::lock_guard<std::mutex> lock(mutex_);
    auto entry = sleepers_.find(key);
    if (entry == sleepers_.end()) return false;
    if (!entry->second.will_wake(waker)) replaced.emplace(std::exchange(entry->second, waker));
    return true;
  }

  void remove(const Key& key) {
    std::optional<Waker> removed;  // dropped after unlocking
    std::lock_guard<std::mutex> lock(mutex_);
    auto entry = sleepers_.find(key);
    if (entry == sleepers_.end()) return;
    removed.emplace(std::move(entry->second));
    sleepers_.erase(entry);
  }

  std::size_t registered() {
    std::lock_guard<std::mutex> lock(mutex_);
    return sleepers_.size();
  }

 private:
  TimerDriver() = default;

  void start_thread_once() {
    if (started_) return;
    started_ = true;
    threads_started().fetch_add(1, std::memory_order_relaxed);
    std::thread([this] { fire_forever(); }).detach();
  }

  void fire_forever() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      if (sleepers_.empty()) {
        changed_.wait(lock);
        continue;
      }
      Clock::time_point earliest = sleepers_.begin()->first.first;
      if (Clock::now() < earliest) {
        changed_.wait_until(lock, earliest);
        continue;
      }
      std::vector<Waker> due = take_due(Clock::now());
      lock.unlock();  // wakers run executor code: never under our lock
      for (Waker& waker : due) std::move(waker).wake();
      due.clear();
      lock.lock();
    }
  }

  // Removes the sleeps due at `now`, in deadline order.
  std::vector<Waker> take_due(Clock::time_point now) {
    std::vector<Waker> due;
    auto end = sleepers_.upper_bound(Key{now, UINT64_MAX});
    for (auto entry = sleepers_.begin(); entry != end; ++entry) due.push_back(std::move(entry->second));
    sleepers_.erase(sleepers_.begin(), end);
    return due;
  }

  std::mutex mutex_;
  std::condition_variable changed_;     // signalled when a new earliest deadline is added
  std::map<Key, Waker> sleepers_;       // registered, not yet fired; a sleep's key is absent once fired
  std::uint64_t next_number_ = 0;       // under mutex_
  bool started_ = false;                // the thread was started; under mutex_
};

}  // namespace detail

class Sleep {
 public:
  using output_type = void;
  using Clock = std::chrono::steady_clock;

  explicit Sleep(Clock::time_point deadline) noexcept : deadline_(deadline) {}
  Sleep(Sleep&& other) noexcept : deadline_(other.deadline_), state_(other.state_), key_(other.key_) {
    UNAWAIT_CONTRACT(other.state_ != State::registered, "a registered Sleep must not be moved");
  }
  Sleep& operator=(Sleep&&) = delete;
  ~Sleep() {
    if (state_ == State::registered) detail::TimerDriver::instance().remove(key_);
  }

  Clock::time_point deadline() const noexcept { return deadline_; }

  Poll<void> poll(Context& cx) {
    UNAWAIT_CONTRACT(state_ != State::done, "Sleep polled after it completed");
    auto& driver = detail::TimerDriver::instance();
    bool due;
    if (state_ == State::registered) {
      due = !driver.update(key_, cx.waker());  // gone from the map means fired
    } else {
      due = Clock::now() >= deadline_;
      if (!due) key_ = driver.add(deadline_, cx.waker());
    }
    state_ = due ? State::done : State::registered;
    return due ? ready() : Poll<void>(pending);
  }

 private:
  enum class State : unsigned char {
    unregistered,  // not polled yet (or its deadline had passed at the first poll)
    registered,    // key_ is (or was, until it fired) in the driver's map
    done,          // returned ready
  };

  Clock::time_point deadline_;
  State state_ = State::unregistered;
  detail::TimerDriver::Key key_{};  // valid while registered
};

inline Sleep sleep_until(Sleep::Clock::time_point deadline) noexcept { return Sleep(deadline); }

template <class Rep, class Period>
Sleep sleep_for(std::chrono::duration<Rep, Period> duration) {
  return Sleep(Sleep::Clock::now() + std::chrono::duration_cast<Sleep::Clock::duration>(duration));
}

}  // namespace unawait
