#include <unawait/yield_now.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <unawait/executor.hpp>

#include "test_support.hpp"

namespace {

TEST(YieldNow, PendingOnceAfterWakingItself) {
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  auto yield = unawait::yield_now();
  EXPECT_TRUE(unawait_test::poll_once(yield, waker).is_pending());
  EXPECT_EQ(counter.wakes(), 1);
  EXPECT_TRUE(unawait_test::poll_once(yield, waker).is_ready());
  EXPECT_EQ(counter.wakes(), 1);
  EXPECT_EQ(counter.live(), 1);  // no clone kept
}

TEST(YieldNow, LetsOtherTasksRunFirst) {
  std::vector<std::string> log;
  struct YieldThenLog {
    using output_type = void;
    std::vector<std::string>* log;
    std::string name;
    unawait::YieldNow yield;
    bool started = false;
    unawait::Poll<void> poll(unawait::Context& cx) {
      if (!started) {
        started = true;
        log->push_back(name + " start");
      }
      if (yield.poll(cx).is_pending()) return unawait::pending;
      log->push_back(name + " end");
      return unawait::ready();
    }
  };
  unawait::Executor ex;
  ex.spawn(YieldThenLog{&log, "a", {}});
  ex.spawn(YieldThenLog{&log, "b", {}});
  ex.run();
  std::vector<std::string> expected{"a start", "b start", "a end", "b end"};
  EXPECT_EQ(log, expected);
}

}  // namespace
