#include <unawait/select.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <unawait/block_on.hpp>
#include <unawait/timer.hpp>

#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;
using unawait_test::Countdown;
using unawait_test::Gate;
using unawait_test::Trace;
using unawait_test::Traced;

TEST(Select, TheFirstToFinishWinsByPosition) {
  auto selected = unawait::select(Countdown<int>{5, 1}, Countdown<int>{1, 2}, unawait::sleep_for(1h));
  static_assert(std::is_same_v<decltype(selected)::output_type, std::variant<int, int, std::monostate>>);
  auto winner = unawait::block_on(selected);
  ASSERT_EQ(winner.index(), 1u);  // the same type twice: the position tells them apart
  EXPECT_EQ(std::get<1>(winner), 2);
}

TEST(Select, EarlierArgumentsWinTies) {
  auto winner = unawait::block_on(unawait::select(Countdown<std::string>{0, "a"}, Countdown<std::string>{0, "b"}));
  EXPECT_EQ(winner.index(), 0u);
}

struct TracedChild {
  using output_type = void;
  Traced traced;
  int pending_polls;
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (pending_polls-- > 0) {
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready();
  }
};

TEST(Select, DropsTheLosersWhenTheWinnerIsFound) {
  Trace trace;
  auto selected = unawait::select(TracedChild{Traced(trace, "loser 1"), 10}, TracedChild{Traced(trace, "winner"), 1},
                                  TracedChild{Traced(trace, "loser 2"), 10});
  std::size_t built = trace.events().size();
  EXPECT_TRUE(unawait_test::poll_once(selected, unawait::noop_waker()).is_pending());
  EXPECT_EQ(trace.events().size(), built);
  auto result = unawait_test::poll_once(selected, unawait::noop_waker());
  ASSERT_TRUE(result.is_ready());
  auto events = trace.events();
  std::vector<std::string> after(events.begin() + built, events.end());
  std::vector<std::string> expected{"dtor loser 2", "dtor winner", "dtor loser 1"};  // reverse argument order
  EXPECT_EQ(after, expected);  // all gone before poll returned
  EXPECT_EQ(std::move(result).value().index(), 1u);
}

TEST(Select, ATimeoutCancelsAWaitingFuture) {
  auto gate = std::make_shared<Gate::Shared>();
  auto winner = unawait::block_on(unawait::select(Gate(gate), unawait::sleep_for(5ms)));
  EXPECT_EQ(winner.index(), 1u);
  EXPECT_EQ(gate->polls, 2);  // polled before and after the sleep's wake
}

TEST(Select, DroppingAPendingSelectDropsItsChildren) {
  Trace trace;
  {
    auto selected = unawait::select(TracedChild{Traced(trace, "a"), 5}, TracedChild{Traced(trace, "b"), 5});
    EXPECT_TRUE(unawait_test::poll_once(selected, unawait::noop_waker()).is_pending());
    trace.add("dropping");
  }
  auto events = trace.events();
  ASSERT_GE(events.size(), 3u);
  EXPECT_EQ(events[events.size() - 3], "dropping");
  EXPECT_EQ(events[events.size() - 2], "dtor b");
  EXPECT_EQ(events[events.size() - 1], "dtor a");
}

}  // namespace
