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
// * Due sleeps are woken in deadline order (ties in the order they
//   registered), never before their deadline, one firing thread at a time.
// * An idle Executor fires due sleeps itself: run(), with nothing to poll,
//   parks only until the earliest deadline and fires what is due when it
//   wakes (as Tokio's current-thread runtime drives its timer when it
//   parks), so its own tasks are woken on its thread, with no hand-off.
//   While an executor is parked that way, the timer thread leaves the
//   earliest deadline to it and fires a sleep itself only if it is still
//   pending 1 ms (kGrace) after its deadline (the executor is busy); then,
//   or once the executor's run() has returned, it fires on time again until
//   an executor parks as the driver again. Without an idle Executor (block_on, ThreadPool) the timer
//   thread fires every sleep at its deadline.
// * Destroying a pending Sleep deregisters it (its waker is released at once).
// * Polling a Sleep again after it returned ready is a contract violation,
//   and so is moving a registered Sleep.
//
// No allocation, per sleep or otherwise: the registration (deadline, order,
// waker, links) lives inside the Sleep, and the driver keeps the
// registrations in a pairing heap linked through them. A fired registration
// is taken off the heap under the lock and its waker called after unlocking,
// one at a time, so nothing is copied into a temporary list.
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

#include "config.hpp"
#include "context.hpp"
#include "detail/parker.hpp"
#include "poll.hpp"
#include "waker.hpp"

namespace unawait {

namespace detail {

// One pending sleep, inside its Sleep. Every field is under the driver's mutex
// while the sleep is registered.
struct TimerEntry {
  std::chrono::steady_clock::time_point deadline;
  std::uint64_t number = 0;      // registration order, for ties
  TimerEntry* child = nullptr;    // pairing-heap links while queued: the first child,
  TimerEntry* next = nullptr;     // the next sibling,
  TimerEntry* prev = nullptr;     // and the previous sibling, or the parent for a first child
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

  // The driver, or null if no sleep has been registered yet in this process.
  static TimerDriver* started() noexcept { return started_instance().load(std::memory_order_acquire); }

  void add(TimerEntry& entry, const Waker& waker) {
    std::lock_guard<std::mutex> lock(mutex_);
    start_thread_once();
    entry.number = next_number_++;
    entry.waker.emplace(waker);
    entry.queued = true;
    entry.child = entry.next = entry.prev = nullptr;
    root_ = root_ == nullptr ? &entry : meld(root_, &entry);
    ++count_;
    if (root_ != &entry) return;
    front_changed();
    // A new earliest deadline: whoever waits for a later one must wait less.
    if (driver_ != nullptr && entry.deadline < driver_until_) {
      driver_until_ = entry.deadline;  // (so that one unpark is enough)
      driver_->unpark();               // it parks again, until this deadline
    }
    if (thread_fire_at(entry.deadline) < thread_until_) changed_.notify_one();
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
    erase(&entry);
  }

  std::size_t registered() {
    std::lock_guard<std::mutex> lock(mutex_);
    return count_;
  }

  // --- Driving timers from an executor's idle thread (Executor::run) ---
  //
  // An executor with nothing to run calls fire_due(), and if nothing was due,
  // park_driving(its parker): the parker waits until the earliest deadline
  // (or an unpark), and the executor fires what is due itself when it wakes.
  // Its own tasks' wakers then push onto its local queue, with no other
  // thread, no lock and no signal in between. While an executor is parked
  // this way (one at a time: "the driver"), the timer thread leaves the
  // earliest deadline to it, and fires it itself only kGrace after it: the
  // timer thread still serves every sleep, whatever the executors do.

  // Fires every sleep due now (in deadline order, one at a time, outside
  // the lock), on the calling thread, unless another thread is firing. True
  // if it fired any. `before_firing()` runs first, under the lock, once this
  // thread is the one firing and something is due: an executor takes its
  // remote queue there, so that tasks woken by an earlier firing (on another
  // thread) still run before those it wakes now.
  template <class BeforeFiring>
  bool fire_due(BeforeFiring&& before_firing) {
    if (earliest_.load(std::memory_order_relaxed) > Clock::now().time_since_epoch().count()) return false;
    std::unique_lock<std::mutex> lock(mutex_);
    return fire_locked(lock, Clock::now(), before_firing);
  }
  bool fire_due() {
    return fire_due([] {});
  }

  // Parks `parker` (the caller's own) until the earliest deadline, or an
  // unpark, as the driver. Without a pending sleep, or when another thread
  // is the driver or is firing, it is a plain park() (the driver or the
  // timer thread fires the sleeps). Returns at once if a sleep is due.
  void park_driving(Parker& parker) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (root_ == nullptr || driver_ != nullptr || firing_) {
      lock.unlock();
      parker.park();
      return;
    }
    Clock::time_point until = root_->deadline;
    if (until <= Clock::now()) return;  // due already: the caller fires it
    driver_ = &parker;
    driver_until_ = until;
    delegated_ = true;
    lock.unlock();
    parker.park_until(until);
    lock.lock();
    driver_ = nullptr;
  }

  // An executor that may have driven is leaving run(): the timer thread fires
  // on time again (rather than kGrace late) until an executor drives again.
  void resign() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!delegated_) return;
    delegated_ = false;
    if (root_ != nullptr && root_->deadline < thread_until_) changed_.notify_one();
  }

 private:
  TimerDriver() = default;

  static bool earlier(const TimerEntry* a, const TimerEntry* b) noexcept {
    return a->deadline < b->deadline || (a->deadline == b->deadline && a->number < b->number);
  }
  // The registrations form a pairing heap (Fredman, Sedgewick, Sleator and
  // Tarjan), linked through the entries themselves: adding is one
  // comparison, taking the earliest or any entry out is O(log n) amortized,
  // and the driver never allocates (a vector that grows, as a binary heap
  // would need, can stall for milliseconds in malloc under the lock).

  // Links two roots; returns the new root (the earlier one).
  static TimerEntry* meld(TimerEntry* a, TimerEntry* b) noexcept {
    if (earlier(b, a)) std::swap(a, b);
    b->prev = a;
    b->next = a->child;
    if (a->child != nullptr) a->child->prev = b;
    a->child = b;
    return a;
  }
  // Two-pass pairing of the sibling list from `first`; returns its root, or null.
  static TimerEntry* combine(TimerEntry* first) noexcept {
    TimerEntry* pairs = nullptr;  // the melded pairs, last first, through `next`
    while (first != nullptr) {
      TimerEntry* a = first;
      TimerEntry* b = a->next;
      first = b != nullptr ? b->next : nullptr;
      a->next = a->prev = nullptr;
      if (b != nullptr) {
        b->next = b->prev = nullptr;
        a = meld(a, b);
      }
      a->next = pairs;
      pairs = a;
    }
    if (pairs == nullptr) return nullptr;
    TimerEntry* root = pairs;
    pairs = pairs->next;
    root->next = nullptr;
    while (pairs != nullptr) {
      TimerEntry* p = pairs;
      pairs = p->next;
      p->next = nullptr;
      root = meld(root, p);
    }
    return root;
  }
  // Takes `e` out of the heap.
  void erase(TimerEntry* e) noexcept {
    e->queued = false;
    --count_;
    if (e == root_) {
      root_ = combine(e->child);
      e->child = nullptr;
      front_changed();
      return;
    }
    if (e->prev->child == e) {
      e->prev->child = e->next;  // a first child: prev is its parent
    } else {
      e->prev->next = e->next;
    }
    if (e->next != nullptr) e->next->prev = e->prev;
    e->next = e->prev = nullptr;
    if (TimerEntry* sub = combine(e->child)) root_ = meld(root_, sub);
    e->child = nullptr;
  }
  void front_changed() noexcept {
    earliest_.store(root_ == nullptr ? kNever : root_->deadline.time_since_epoch().count(),
                    std::memory_order_relaxed);
  }

  static std::atomic<TimerDriver*>& started_instance() noexcept {
    static std::atomic<TimerDriver*> driver{nullptr};
    return driver;
  }

  void start_thread_once() {
    if (started_) return;
    started_ = true;
    started_instance().store(this, std::memory_order_release);
    threads_started().fetch_add(1, std::memory_order_relaxed);
    std::thread([this] { fire_forever(); }).detach();
  }

  void fire_forever() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      if (root_ == nullptr) {
        thread_until_ = Clock::time_point::max();
        changed_.wait(lock);
        continue;
      }
      // An earliest deadline the parked driver waits for is its to fire;
      // ours only if it is still there kGrace later.
      Clock::time_point fire_at = thread_fire_at(root_->deadline);
      Clock::time_point now = Clock::now();
      if (firing_) fire_at = now + kGrace;  // an executor is firing: look again later
      if (now < fire_at) {
        thread_until_ = fire_at;
        changed_.wait_until(lock, fire_at);
        continue;
      }
      // The driver did not keep up (it may be busy, or gone): fire on time
      // until an executor parks as the driver again.
      delegated_ = false;
      fire_locked(lock, now);
    }
  }

  // When the timer thread fires a sleep due at `deadline`: at once, or
  // kGrace later while the sleeps are delegated to an executor.
  Clock::time_point thread_fire_at(Clock::time_point deadline) const noexcept {
    return delegated_ ? deadline + kGrace : deadline;
  }

  // Fires every sleep due at `now`, in deadline order, one at a time: the
  // Sleep may be destroyed as soon as we unlock, so take its waker first.
  // One thread fires at a time (so wakes happen in deadline order): false
  // at once if another one is firing.
  bool fire_locked(std::unique_lock<std::mutex>& lock, Clock::time_point now) {
    return fire_locked(lock, now, [] {});
  }
  template <class BeforeFiring>
  bool fire_locked(std::unique_lock<std::mutex>& lock, Clock::time_point now, BeforeFiring&& before_firing) {
    if (firing_ || root_ == nullptr || root_->deadline > now) return false;
    firing_ = true;
    struct Done {  // also if a waker throws: the next firing must not wait for us
      TimerDriver& driver;
      std::unique_lock<std::mutex>& lock;
      ~Done() {
        if (!lock.owns_lock()) lock.lock();
        driver.firing_ = false;
      }
    } done{*this, lock};
    before_firing();
    bool fired = false;
    while (root_ != nullptr && root_->deadline <= now) {
      TimerEntry* due = root_;
      std::optional<Waker> waker = std::exchange(due->waker, std::nullopt);
      erase(due);
      fired = true;
      lock.unlock();  // wakers run executor code: never under our lock
      if (waker) std::move(*waker).wake();
      lock.lock();
    }
    return fired;
  }

  static constexpr std::int64_t kNever = INT64_MAX;
  // How long after a deadline the timer thread fires it when the parked driver has not.
  static constexpr std::chrono::milliseconds kGrace{1};

  std::mutex mutex_;
  std::condition_variable changed_;  // signalled when a new earliest deadline is added
  TimerEntry* root_ = nullptr;       // registered, not yet fired: a pairing heap by (deadline, number)
  std::size_t count_ = 0;            // entries in it
  std::uint64_t next_number_ = 0;    // under mutex_
  bool started_ = false;             // the thread was started; under mutex_
  Parker* driver_ = nullptr;         // the executor parked until driver_until_ to fire it; under mutex_
  Clock::time_point driver_until_;   // under mutex_
  // An executor parked as the driver since the timer thread last had to fire
  // a sleep itself: the timer thread fires kGrace late. Under mutex_.
  bool delegated_ = false;
  bool firing_ = false;  // a thread is in fire_locked (unlocked while it wakes one); under mutex_
  Clock::time_point thread_until_ = Clock::time_point::max();  // when the timer thread wakes next; under mutex_
  // root_'s deadline (ns since the clock's epoch), or kNever; written
  // under mutex_, read without it by fire_due.
  std::atomic<std::int64_t> earliest_{kNever};
};

}  // namespace detail

class [[nodiscard]] Sleep {
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
