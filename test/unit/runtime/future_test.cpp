#include <unawait/future.hpp>

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "test_support.hpp"

namespace {

struct Answer {
  using output_type = int;
  unawait::Poll<int> poll(unawait::Context&) { return unawait::ready(42); }
};

struct NoOutputType {
  unawait::Poll<int> poll(unawait::Context&) { return unawait::ready(1); }
};

struct WrongPollType {
  using output_type = int;
  unawait::Poll<long> poll(unawait::Context&) { return unawait::ready(1L); }
};

struct NoPoll {
  using output_type = int;
};

static_assert(unawait::is_future_v<Answer>);
static_assert(unawait::is_future_v<Answer&>);
static_assert(unawait::is_future_v<Answer&&>);
static_assert(!unawait::is_future_v<const Answer>);
static_assert(!unawait::is_future_v<NoOutputType>);
static_assert(!unawait::is_future_v<WrongPollType>);
static_assert(!unawait::is_future_v<NoPoll>);
static_assert(!unawait::is_future_v<int>);
static_assert(std::is_same_v<unawait::output_t<Answer>, int>);
static_assert(std::is_same_v<unawait::output_t<Answer&>, int>);
static_assert(unawait::is_future_v<unawait_test::Countdown<std::string>>);

TEST(Future, TraitDetectsTheShape) {
  Answer answer;
  auto p = unawait_test::poll_once(answer, unawait::noop_waker());
  EXPECT_EQ(std::move(p).value(), 42);
}

}  // namespace
