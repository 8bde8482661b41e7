// try_loop16 of bench/poll/try_loop.cpp as a hand-written state machine.
// C++ forbids jumping into a try block, so the resume point cannot be a label
// inside it: the loop body tests the state instead, and the whole await
// (building the future and polling it) stays inside the try, as in the
// source.
#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::YieldOnce;
using unawait_bench::yield_once;

class TryLoop16 {
public:
  using output_type = int;

  unawait::Poll<int> poll(unawait::Context &cx) {
    switch (state_) {
    case State::start:
      failures_ = 0;
      i_ = 0;
      break;
    case State::running: // never left behind: every return is at an await or the end
    case State::awaiting:
      break;
    case State::done:
      UNAWAIT_CONTRACT(false, "try_loop16 polled after it completed");
      break;
    }
    for (; i_ < 16; ++i_) {
      try {
        if (state_ != State::awaiting) {
          awaited_ = yield_once();
          state_ = State::awaiting;
        }
        if (awaited_.poll(cx).is_pending())
          return unawait::pending;
      } catch (...) {
        ++failures_;
      }
      state_ = State::running;
    }
    state_ = State::done;
    return unawait::ready(failures_);
  }

private:
  enum class State : unsigned char { start, running, awaiting, done };
  int failures_ = 0;
  int i_ = 0;
  YieldOnce awaited_;
  State state_ = State::start;
};

TryLoop16 try_loop16() { return {}; }

} // namespace

UNAWAIT_BENCH_EXPORT(try_loop16)
