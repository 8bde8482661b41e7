// join16 of bench/poll/join_loop.cpp by hand: the children are hand-written
// state machines, joined with the runtime's unawait::join (what a careful
// engineer would use rather than write a second join). The awaited join is
// not assignable, so it lives in a std::optional.
#include <optional>
#include <tuple>

#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using Step = unawait_bench::ValueAfterYield;

Step step(int i) { return Step(i); }

class Join16 {
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
      UNAWAIT_CONTRACT(false, "join16 polled after it completed");
      break;
    }
    for (; i_ < 16; ++i_) {
      awaited_.emplace(unawait::join(step(i_), step(2 * i_)));
      state_ = State::awaiting;
    resume : {
      auto both = awaited_->poll(cx);
      if (both.is_pending())
        return unawait::pending;
      awaited_.reset();
      auto [a, b] = std::move(both).value();
      sum_ += a + b;
    }
    }
    state_ = State::done;
    return unawait::ready(sum_);
  }

private:
  enum class State : unsigned char { start, awaiting, done };
  int sum_ = 0;
  int i_ = 0;
  std::optional<unawait::Join<Step, Step>> awaited_;
  State state_ = State::start;
};

Join16 join16() { return {}; }

} // namespace

UNAWAIT_BENCH_EXPORT(join16)
