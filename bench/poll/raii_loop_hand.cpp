// raii_loop16 of bench/poll/raii_loop.cpp as a hand-written state machine:
// the kept Tallies are std::optional members, declared outer first, so a
// future dropped while suspended destroys `inner` before `outer`, as the
// coroutine would.
#include <optional>

#include "bench_export.hpp"
#include "tally.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::Tally;
using unawait_bench::YieldOnce;
using unawait_bench::yield_once;

class RaiiLoop16 {
public:
  using output_type = int;

  unawait::Poll<int> poll(unawait::Context &cx) {
    switch (state_) {
    case State::start:
      outer_.emplace(100);
      sum_ = 0;
      i_ = 0;
      break;
    case State::awaiting:
      goto resume;
    case State::done:
      UNAWAIT_CONTRACT(false, "raii_loop16 polled after it completed");
      break;
    }
    for (; i_ < 16; ++i_) {
      inner_.emplace(i_);
      awaited_ = yield_once();
      state_ = State::awaiting;
    resume:
      if (awaited_.poll(cx).is_pending())
        return unawait::pending;
      sum_ += inner_->value();
      inner_.reset();
    }
    {
      int result = sum_ + outer_->value();
      outer_.reset();
      state_ = State::done;
      return unawait::ready(result);
    }
  }

private:
  enum class State : unsigned char { start, awaiting, done };
  std::optional<Tally> outer_;
  std::optional<Tally> inner_;
  int sum_ = 0;
  int i_ = 0;
  YieldOnce awaited_;
  State state_ = State::start;
};

RaiiLoop16 raii_loop16() { return {}; }

} // namespace

UNAWAIT_BENCH_EXPORT(raii_loop16)
