// yield_loop16 of bench/poll/yield_loop.cpp as a hand-written state machine:
// what a careful programmer writes without the tool. Same logic, same leaf
// future, same frame (the counter, the awaited future and a state tag).
#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::YieldOnce;

class YieldLoop16 {
public:
  using output_type = void;

  unawait::Poll<void> poll(unawait::Context &cx) {
    switch (state_) {
    case State::start:
      i_ = 0;
      break;
    case State::awaiting:
      goto resume;
    case State::done:
      UNAWAIT_CONTRACT(false, "yield_loop16 polled after it completed");
      break;
    }
    for (; i_ < 16; ++i_) {
      awaited_ = YieldOnce{};
      state_ = State::awaiting;
    resume:
      if (awaited_.poll(cx).is_pending())
        return unawait::pending;
    }
    state_ = State::done;
    return unawait::ready();
  }

private:
  enum class State : unsigned char { start, awaiting, done };
  int i_ = 0;
  YieldOnce awaited_;
  State state_ = State::start;
};

YieldLoop16 yield_loop16() { return {}; }

} // namespace

UNAWAIT_BENCH_EXPORT(yield_loop16)
