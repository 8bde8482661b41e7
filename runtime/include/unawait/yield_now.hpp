// unawait/yield_now.hpp: give other tasks a turn.
//
//     co_await unawait::yield_now();   // pending once, then ready
//
// The first poll wakes its own task (so it is queued again, behind the tasks
// already runnable) and returns pending; the second poll returns ready.
// A long computation can yield now and then to keep a single-thread
// executor responsive. Polling it after it returned ready is a contract violation.
#pragma once

#include "config.hpp"
#include "context.hpp"
#include "poll.hpp"

namespace unawait {

class [[nodiscard]] YieldNow {
 public:
  using output_type = void;

  Poll<void> poll(Context& cx) {
    UNAWAIT_CONTRACT(state_ != State::done, "yield_now() polled after it completed");
    if (state_ == State::fresh) {
      state_ = State::yielded;
      cx.waker().wake_by_ref();  // the wake-up a pending result promises
      return pending;
    }
    state_ = State::done;
    return ready();
  }

 private:
  enum class State : unsigned char { fresh, yielded, done };
  State state_ = State::fresh;
};

inline YieldNow yield_now() noexcept { return {}; }

}  // namespace unawait
