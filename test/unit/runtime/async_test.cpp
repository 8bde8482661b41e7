// Async<T> as a type-erased box (C++17). The coroutine side is in async_coro_test.cpp.
#include <unawait/async.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "test_support.hpp"

namespace {

using unawait_test::Countdown;
using unawait_test::Trace;
using unawait_test::Traced;

static_assert(unawait::is_future_v<unawait::Async<int>>);
static_assert(unawait::is_future_v<unawait::Async<void>>);
static_assert(!std::is_copy_constructible_v<unawait::Async<int>>);
static_assert(std::is_nothrow_move_constructible_v<unawait::Async<int>>);
static_assert(std::is_convertible_v<Countdown<int>, unawait::Async<long>>);
static_assert(!std::is_convertible_v<Countdown<std::string>, unawait::Async<int>>);
static_assert(!std::is_convertible_v<int, unawait::Async<int>>);

struct VoidFuture {
  using output_type = void;
  bool polled = false;
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (polled) return unawait::ready();
    polled = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

TEST(AsyncBox, PollsTheBoxedFutureUntilReady) {
  unawait::Async<long> boxed = Countdown<int>{2, 7};
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  EXPECT_TRUE(unawait_test::poll_once(boxed, waker).is_pending());
  EXPECT_TRUE(unawait_test::poll_once(boxed, waker).is_pending());
  auto result = unawait_test::poll_once(boxed, waker);
  ASSERT_TRUE(result.is_ready());
  EXPECT_EQ(std::move(result).value(), 7L);
  EXPECT_TRUE(boxed.finished());
  EXPECT_EQ(counter.wakes(), 2);  // the boxed future saw our waker
}

TEST(AsyncBox, VoidOutput) {
  unawait::Async<void> boxed = VoidFuture{};
  EXPECT_TRUE(unawait_test::poll_once(boxed, unawait::noop_waker()).is_pending());
  EXPECT_TRUE(unawait_test::poll_once(boxed, unawait::noop_waker()).is_ready());
  EXPECT_TRUE(boxed.finished());
}

// Records when it is destroyed, relative to the output it returned.
struct TracedFuture {
  using output_type = Traced;
  TracedFuture(Trace* t, Traced&& g) : trace(t), guard(std::move(g)) {}
  Trace* trace;
  Traced guard;
  unawait::Poll<Traced> poll(unawait::Context&) { return unawait::Poll<Traced>(std::in_place, *trace, "output"); }
};

TEST(AsyncBox, DestroysTheBoxBeforeReturningReady) {
  Trace trace;
  {
    unawait::Async<Traced> boxed(std::in_place_type<TracedFuture>, &trace, Traced(trace, "state"));
    auto result = unawait_test::poll_once(boxed, unawait::noop_waker());
    trace.add("poll returned");
    ASSERT_TRUE(result.is_ready());
  }
  std::vector<std::string> expected{
      "ctor state", "move state", "dtor state",  // the argument, moved into the in-place future
      "ctor output",                              // built by the boxed future's poll
      "move output",                              // moved once into the Async's Poll
      "dtor output",                              // the moved-from output in the box's Poll
      "dtor state",                               // the box, destroyed before poll returns
      "poll returned", "dtor output"};
  EXPECT_EQ(trace.events(), expected);
}

// Neither copyable nor movable: can only be boxed in place.
struct Pinned {
  using output_type = int;
  explicit Pinned(int v) : value(v) {}
  Pinned(const Pinned&) = delete;
  Pinned(Pinned&&) = delete;
  unawait::Poll<int> poll(unawait::Context&) { return unawait::ready(value); }
  int value;
};

TEST(AsyncBox, InPlaceConstructionDoesNotMoveTheFuture) {
  unawait::Async<int> boxed(std::in_place_type<Pinned>, 9);
  EXPECT_EQ(std::move(unawait_test::poll_once(boxed, unawait::noop_waker())).value(), 9);
}

TEST(AsyncBox, DroppingAPendingBoxDestroysTheFuture) {
  Trace trace;
  {
    unawait::Async<Traced> boxed(std::in_place_type<TracedFuture>, &trace, Traced(trace, "state"));
    trace.add("dropping");
  }
  EXPECT_EQ(trace.events().back(), "dtor state");
  EXPECT_EQ(trace.events()[trace.events().size() - 2], "dropping");
}

TEST(AsyncBox, AnExceptionFinishesTheAsync) {
  struct Throws {
    using output_type = int;
    unawait::Poll<int> poll(unawait::Context&) { throw std::runtime_error("boom"); }
  };
  unawait::Async<int> boxed = Throws{};
  EXPECT_THROW(static_cast<void>(unawait_test::poll_once(boxed, unawait::noop_waker())), std::runtime_error);
  EXPECT_TRUE(boxed.finished());
}

TEST(AsyncBox, MovingTransfersTheFuture) {
  unawait::Async<int> a = Countdown<int>{0, 5};
  unawait::Async<int> b = std::move(a);
  EXPECT_TRUE(a.finished());  // NOLINT: moved-from is finished by design
  EXPECT_EQ(std::move(unawait_test::poll_once(b, unawait::noop_waker())).value(), 5);
  a = std::move(b);
  EXPECT_TRUE(a.finished());
}

}  // namespace
