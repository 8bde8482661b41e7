// Helpers shared by the runtime unit tests.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <unawait/context.hpp>
#include <unawait/poll.hpp>
#include <unawait/waker.hpp>

namespace unawait_test {

// A raw-vtable waker that counts everything done to it. `live()` is the
// number of wakers alive (clones made minus drops), so a test can check that
// the runtime releases every clone it makes.
class CountingWaker {
 public:
  CountingWaker() = default;
  CountingWaker(const CountingWaker&) = delete;
  CountingWaker& operator=(const CountingWaker&) = delete;

  // A new waker owning one reference.
  unawait::Waker make() {
    live_.fetch_add(1);
    return unawait::Waker::from_raw(unawait::RawWaker{this, &vtable});
  }

  int wakes() const { return wakes_.load(); }  // wake() plus wake_by_ref()
  int clones() const { return clones_.load(); }
  int drops() const { return drops_.load(); }
  int live() const { return live_.load(); }

 private:
  static CountingWaker& self(const void* data) { return *const_cast<CountingWaker*>(static_cast<const CountingWaker*>(data)); }
  static unawait::RawWaker clone(const void* data) noexcept {
    self(data).clones_++;
    self(data).live_++;
    return unawait::RawWaker{data, &vtable};
  }
  static void wake(const void* data) noexcept {
    self(data).wakes_++;
    self(data).live_--;
  }
  static void wake_by_ref(const void* data) noexcept { self(data).wakes_++; }
  static void drop(const void* data) noexcept {
    self(data).drops_++;
    self(data).live_--;
  }
  static constexpr unawait::RawWakerVTable vtable{&clone, &wake, &wake_by_ref, &drop};

  std::atomic<int> wakes_{0}, clones_{0}, drops_{0}, live_{0};
};

// Records constructor/destructor events of Traced objects, in order.
class Trace {
 public:
  void add(std::string event) {
    std::lock_guard<std::mutex> lock(mutex_);
    events_.push_back(std::move(event));
  }
  std::vector<std::string> events() {
    std::lock_guard<std::mutex> lock(mutex_);
    return events_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> events_;
};

class Traced {
 public:
  Traced(Trace& trace, std::string name) : trace_(&trace), name_(std::move(name)) { trace_->add("ctor " + name_); }
  Traced(const Traced& other) : trace_(other.trace_), name_(other.name_) { trace_->add("copy " + name_); }
  Traced(Traced&& other) noexcept : trace_(other.trace_), name_(other.name_) { trace_->add("move " + name_); }
  Traced& operator=(const Traced&) = delete;
  ~Traced() { trace_->add("dtor " + name_); }

 private:
  Trace* trace_;
  std::string name_;
};

// A future that is pending `pending_polls` times (waking itself each time),
// then ready with `value`. Counts its polls.
template <class T>
struct Countdown {
  using output_type = T;
  int pending_polls;
  T value;
  int polls = 0;

  unawait::Poll<T> poll(unawait::Context& cx) {
    ++polls;
    if (pending_polls-- > 0) {
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::Poll<T>(std::in_place, std::move(value));
  }
};

// A future that is pending until `open()` is called, then ready; it keeps the
// waker of its latest poll (under a mutex with the flag: no lost wake-up).
class Gate {
 public:
  struct Shared {
    std::mutex mutex;
    bool open = false;
    std::unique_ptr<unawait::Waker> waker;
    int polls = 0;
  };

  using output_type = void;
  explicit Gate(std::shared_ptr<Shared> shared) : shared_(std::move(shared)) {}

  unawait::Poll<void> poll(unawait::Context& cx) {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    ++shared_->polls;
    if (shared_->open) return unawait::ready();
    shared_->waker = std::make_unique<unawait::Waker>(cx.waker());
    return unawait::pending;
  }

  static void open(Shared& shared) {
    std::unique_ptr<unawait::Waker> waker;
    {
      std::lock_guard<std::mutex> lock(shared.mutex);
      shared.open = true;
      waker = std::move(shared.waker);
    }
    if (waker) std::move(*waker).wake();
  }

 private:
  std::shared_ptr<Shared> shared_;
};

// Polls `future` once with `waker`.
template <class F>
auto poll_once(F& future, const unawait::Waker& waker) {
  unawait::Context cx(waker);
  return future.poll(cx);
}

}  // namespace unawait_test
