// bench/common/yield_once.hpp: the leaf future of the poll benchmark.
//
// YieldOnce wakes its own task and returns pending on its first poll, and is
// ready on the second: the cheapest future that really suspends. It is
// written by hand (not unawait::yield_now) so that the benchmark measures the
// state machines around it, with no contract check inside.
#pragma once

#include <unawait/unawait.hpp>

namespace unawait_bench {

struct YieldOnce {
  using output_type = void;
  bool yielded = false;

  unawait::Poll<void> poll(unawait::Context &cx) {
    if (yielded)
      return unawait::ready();
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

inline YieldOnce yield_once() { return {}; }

/// `co_await yield_once(); co_return value;` written by hand: the leaf of the
/// hand-written nest and join shapes.
class ValueAfterYield {
public:
  using output_type = int;
  explicit ValueAfterYield(int value) : value_(value) {}

  unawait::Poll<int> poll(unawait::Context &cx) {
    switch (state_) {
    case State::start:
      awaited_ = yield_once();
      state_ = State::awaiting;
      break;
    case State::awaiting:
      break;
    case State::done:
      UNAWAIT_CONTRACT(false, "a leaf polled after it completed");
      break;
    }
    if (awaited_.poll(cx).is_pending())
      return unawait::pending;
    state_ = State::done;
    return unawait::ready(value_);
  }

private:
  enum class State : unsigned char { start, awaiting, done };
  int value_;
  YieldOnce awaited_;
  State state_ = State::start;
};

} // namespace unawait_bench
