#include <unawait/timer.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include <unawait/block_on.hpp>
#include <unawait/executor.hpp>

#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using unawait::detail::TimerDriver;

TEST(Timer, SleepForWaitsAtLeastItsDuration) {
  auto start = Clock::now();
  unawait::block_on(unawait::sleep_for(20ms));
  EXPECT_GE(Clock::now() - start, 20ms);
}

TEST(Timer, APassedDeadlineIsReadyAtOnceWithoutRegistering) {
  unawait::Sleep sleep = unawait::sleep_until(Clock::now() - 1s);
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  EXPECT_TRUE(unawait_test::poll_once(sleep, waker).is_ready());
  EXPECT_EQ(counter.clones(), 0);
}

TEST(Timer, RegistersOnFirstPollAndDeregistersWhenDropped) {
  unawait_test::CountingWaker counter;
  std::size_t before = TimerDriver::instance().registered();
  {
    unawait::Sleep sleep = unawait::sleep_for(1h);
    unawait::Waker waker = counter.make();
    EXPECT_EQ(TimerDriver::instance().registered(), before);  // not before the first poll
    EXPECT_TRUE(unawait_test::poll_once(sleep, waker).is_pending());
    EXPECT_EQ(TimerDriver::instance().registered(), before + 1);
    EXPECT_EQ(counter.live(), 2);  // ours and the timer's clone
  }
  EXPECT_EQ(TimerDriver::instance().registered(), before);
  EXPECT_EQ(counter.live(), 0);  // the timer released its clone on drop
  EXPECT_EQ(counter.wakes(), 0);
}

TEST(Timer, KeepsTheWakerOfTheLatestPoll) {
  unawait_test::CountingWaker first, second;
  unawait::Sleep sleep = unawait::sleep_for(30ms);
  unawait::Waker a = first.make();
  unawait::Waker b = second.make();
  EXPECT_TRUE(unawait_test::poll_once(sleep, a).is_pending());
  EXPECT_TRUE(unawait_test::poll_once(sleep, b).is_pending());
  EXPECT_EQ(first.live(), 1);  // the timer dropped its clone of `a`
  unawait::block_on(sleep);
  EXPECT_EQ(first.wakes(), 0);
}

// Sleeps until base + offset, where base is only known when run() starts;
// records the order in which sleeps finish.
struct SleepAt {
  using output_type = void;
  const Clock::time_point* base;
  Clock::duration offset;
  int id;
  std::vector<int>* finished;
  std::optional<unawait::Sleep> sleep;
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (!sleep) sleep.emplace(*base + offset);
    if (sleep->poll(cx).is_pending()) return unawait::pending;
    finished->push_back(id);
    return unawait::ready();
  }
};

TEST(Timer, TenThousandSleepsOneThreadDeadlineOrder) {
  constexpr int kSleeps = 10000;
  std::vector<int> ids(kSleeps);
  std::iota(ids.begin(), ids.end(), 0);
  std::shuffle(ids.begin(), ids.end(), std::mt19937(12345));  // spawn order unrelated to deadlines
  Clock::time_point base;
  std::vector<int> finished;
  finished.reserve(kSleeps);
  unawait::Executor ex;
  for (int id : ids) ex.spawn(SleepAt{&base, id * 20us, id, &finished, std::nullopt});
  // Leave time for the first polls (slow under sanitizers) before the first deadline.
  base = Clock::now() + 500ms;
  ex.run();
  ASSERT_EQ(finished.size(), static_cast<std::size_t>(kSleeps));
  EXPECT_TRUE(std::is_sorted(finished.begin(), finished.end()));
  EXPECT_GE(Clock::now(), base + (kSleeps - 1) * 20us);
  EXPECT_EQ(TimerDriver::threads_started().load(), 1);
}

TEST(Timer, ServesBlockOnAndExecutorsAlike) {
  unawait::Executor ex;
  ex.spawn(unawait::sleep_for(10ms));
  ex.run();
  unawait::block_on(unawait::sleep_for(10ms));
  EXPECT_EQ(TimerDriver::threads_started().load(), 1);
}

TEST(Timer, MovingAnUnpolledSleepKeepsItsDeadline) {
  auto deadline = Clock::now() + 5ms;
  unawait::Sleep a = unawait::sleep_until(deadline);
  unawait::Sleep b = std::move(a);
  EXPECT_EQ(b.deadline(), deadline);
  unawait::block_on(b);
  EXPECT_GE(Clock::now(), deadline);
}

}  // namespace
