#include <unawait/checked_executor.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>

#include <unawait/block_on.hpp>
#include <unawait/timer.hpp>

#include "test_support.hpp"

namespace {

using unawait_test::Countdown;
using unawait_test::Gate;

// The seed's YieldOnce bug: pending without touching the waker.
struct ForgetsToRegister {
  using output_type = void;
  bool yielded = false;
  unawait::Poll<void> poll(unawait::Context&) {
    if (yielded) return unawait::ready();
    yielded = true;
    return unawait::pending;
  }
};

TEST(CheckedExecutor, ReportsATaskThatNeverRegistersItsWaker) {
  unawait::CheckedExecutor ex;
  ex.spawn("forgetful", ForgetsToRegister{});
  try {
    ex.run();
    FAIL() << "run() should have reported the stuck task";
  } catch (const unawait::StuckTaskError& e) {
    EXPECT_EQ(e.task(), "forgetful");
    EXPECT_NE(std::string(e.what()).find("task \"forgetful\" returned Pending without arranging a wake-up"),
              std::string::npos)
        << e.what();
  }
}

TEST(CheckedExecutor, NamesUnnamedTasksBySpawnOrder) {
  unawait::CheckedExecutor ex;
  ex.spawn(Countdown<int>{1, 0});
  ex.spawn(ForgetsToRegister{});
  EXPECT_THROW(
      {
        try {
          ex.run();
        } catch (const unawait::StuckTaskError& e) {
          EXPECT_EQ(e.task(), "task #2");
          throw;
        }
      },
      unawait::StuckTaskError);
}

TEST(CheckedExecutor, DoesNotFlagCorrectFutures) {
  unawait::CheckedExecutor ex;
  auto gate = std::make_shared<Gate::Shared>();
  auto self_waking = ex.spawn("countdown", Countdown<int>{5, 3});
  auto sleeping = ex.spawn("sleep", unawait::sleep_for(std::chrono::milliseconds(5)));
  auto waiting = ex.spawn("gate", Gate(gate));
  struct OpenLater {  // opens the gate from another thread after a yield
    using output_type = void;
    std::shared_ptr<Gate::Shared> gate;
    std::thread* opener;
    unawait::Poll<void> poll(unawait::Context&) {
      *opener = std::thread([g = gate] { Gate::open(*g); });
      return unawait::ready();
    }
  };
  std::thread opener;
  ex.spawn("opener", OpenLater{gate, &opener});
  EXPECT_NO_THROW(ex.run());
  opener.join();
  EXPECT_EQ(unawait::block_on(self_waking), 3);
  EXPECT_EQ(gate->polls, 2);
}

TEST(CheckedExecutor, AWakeConsumedDuringThePollIsNotAFalseAlarm) {
  // The future hands its only waker clone to a thread that wakes (and so
  // releases) it at once, maybe before the poll even returns.
  struct WakeFromThread {
    using output_type = void;
    std::thread helper;
    int polls = 0;
    ~WakeFromThread() {
      if (helper.joinable()) helper.join();
    }
    WakeFromThread() = default;
    WakeFromThread(WakeFromThread&& other) noexcept : polls(other.polls) {}
    unawait::Poll<void> poll(unawait::Context& cx) {
      if (helper.joinable()) helper.join();
      if (polls++ == 200) return unawait::ready();
      helper = std::thread([w = cx.waker()]() mutable { std::move(w).wake(); });
      return unawait::pending;
    }
  };
  unawait::CheckedExecutor ex;
  ex.spawn("hand-off", WakeFromThread{});
  EXPECT_NO_THROW(ex.run());
}

}  // namespace
