// nest16 of bench/poll/nest.cpp as three hand-written state machines, each
// holding the next one by value (no allocation), as the rewritten ones do.
#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using Leaf = unawait_bench::ValueAfterYield;

class Middle {
public:
  using output_type = int;
  explicit Middle(int i) : awaited_(i) {}

  unawait::Poll<int> poll(unawait::Context &cx) {
    UNAWAIT_CONTRACT(!done_, "middle polled after it completed");
    unawait::Poll<int> v = awaited_.poll(cx);
    if (v.is_pending())
      return unawait::pending;
    done_ = true;
    return unawait::ready(std::move(v).value() + 1);
  }

private:
  Leaf awaited_; // built with the argument: the first poll awaits it at once
  bool done_ = false;
};

class Nest16 {
public:
  using output_type = int;

  unawait::Poll<int> poll(unawait::Context &cx) {
    switch (state_) {
    case State::start:
      sum_ = 0;
      i_ = 0;
      break;
    case State::awaiting:
      goto resume;
    case State::done:
      UNAWAIT_CONTRACT(false, "nest16 polled after it completed");
      break;
    }
    for (; i_ < 16; ++i_) {
      awaited_ = Middle(i_);
      state_ = State::awaiting;
    resume:
      unawait::Poll<int> v = awaited_.poll(cx);
      if (v.is_pending())
        return unawait::pending;
      sum_ += std::move(v).value();
    }
    state_ = State::done;
    return unawait::ready(sum_);
  }

private:
  enum class State : unsigned char { start, awaiting, done };
  int sum_ = 0;
  int i_ = 0;
  Middle awaited_{0};
  State state_ = State::start;
};

Nest16 nest16() { return {}; }

} // namespace

UNAWAIT_BENCH_EXPORT(nest16)
