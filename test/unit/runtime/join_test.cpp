#include <unawait/join.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <variant>

#include <unawait/block_on.hpp>
#include <unawait/timer.hpp>

#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;
using unawait_test::Countdown;
using unawait_test::Trace;
using unawait_test::Traced;

TEST(Join, OutputsInArgumentOrderWithMonostateForVoid) {
  auto joined = unawait::join(Countdown<int>{2, 1}, unawait::sleep_for(1ms), Countdown<std::string>{0, "s"});
  static_assert(std::is_same_v<decltype(joined)::output_type, std::tuple<int, std::monostate, std::string>>);
  auto [a, b, c] = unawait::block_on(joined);
  EXPECT_EQ(a, 1);
  EXPECT_EQ(b, std::monostate{});
  EXPECT_EQ(c, "s");
}

TEST(Join, TwoSleepsRunConcurrently) {
  auto start = std::chrono::steady_clock::now();
  unawait::block_on(unawait::join(unawait::sleep_for(100ms), unawait::sleep_for(100ms)));
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_GE(elapsed, 100ms);
  EXPECT_LT(elapsed, 180ms);  // sequential would take 200 ms
}

// Counts polls; polling it after it returned ready fails the test.
struct StrictCountdown {
  using output_type = int;
  int pending_polls;
  int* polls;
  bool done = false;
  unawait::Poll<int> poll(unawait::Context& cx) {
    EXPECT_FALSE(done) << "a finished child was polled again";
    ++*polls;
    if (pending_polls-- > 0) {
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    done = true;
    return unawait::ready(*polls);
  }
};

TEST(Join, NeverPollsAFinishedChildAgain) {
  int fast = 0, slow = 0;
  auto [a, b] = unawait::block_on(unawait::join(StrictCountdown{0, &fast}, StrictCountdown{4, &slow}));
  EXPECT_EQ(a, 1);
  EXPECT_EQ(b, 5);
  EXPECT_EQ(fast, 1);
  EXPECT_EQ(slow, 5);
}

struct TracedChild {
  using output_type = int;
  Traced traced;
  int pending_polls;
  unawait::Poll<int> poll(unawait::Context& cx) {
    if (pending_polls-- > 0) {
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready(0);
  }
};

TEST(Join, DestroysAChildAsSoonAsItFinishes) {
  Trace trace;
  auto joined = unawait::join(TracedChild{Traced(trace, "fast"), 0}, TracedChild{Traced(trace, "slow"), 2});
  std::size_t built = trace.events().size();
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  EXPECT_TRUE(unawait_test::poll_once(joined, waker).is_pending());
  auto events = trace.events();
  std::vector<std::string> after_first(events.begin() + built, events.end());
  EXPECT_EQ(after_first, std::vector<std::string>{"dtor fast"});
  EXPECT_TRUE(unawait_test::poll_once(joined, waker).is_pending());
  EXPECT_TRUE(unawait_test::poll_once(joined, waker).is_ready());
  EXPECT_EQ(trace.events().back(), "dtor slow");
}

TEST(Join, DroppingAPendingJoinDropsItsChildren) {
  Trace trace;
  {
    auto joined = unawait::join(TracedChild{Traced(trace, "a"), 5}, TracedChild{Traced(trace, "b"), 5});
    EXPECT_TRUE(unawait_test::poll_once(joined, unawait::noop_waker()).is_pending());
    trace.add("dropping");
  }
  auto events = trace.events();
  ASSERT_GE(events.size(), 3u);
  EXPECT_EQ(events[events.size() - 3], "dropping");
  EXPECT_EQ(events[events.size() - 2], "dtor b");  // reverse argument order
  EXPECT_EQ(events[events.size() - 1], "dtor a");
}

TEST(Join, AChildsExceptionLeavesThePoll) {
  struct Throws {
    using output_type = void;
    unawait::Poll<void> poll(unawait::Context&) { throw std::runtime_error("child failed"); }
  };
  EXPECT_THROW(unawait::block_on(unawait::join(Countdown<int>{3, 0}, Throws{})), std::runtime_error);
}

}  // namespace
