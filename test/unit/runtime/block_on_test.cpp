#include <unawait/block_on.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <optional>
#include <thread>

#include "test_support.hpp"

namespace {

using unawait_test::Countdown;
using unawait_test::Gate;

TEST(BlockOn, ReturnsTheOutput) {
  EXPECT_EQ(unawait::block_on(Countdown<std::string>{3, "done"}), "done");
}

TEST(BlockOn, PollsAnLvalueInPlace) {
  Countdown<int> countdown{2, 5};
  EXPECT_EQ(unawait::block_on(countdown), 5);
  EXPECT_EQ(countdown.polls, 3);  // the same object was polled every time
}

TEST(BlockOn, VoidOutput) {
  auto gate = std::make_shared<Gate::Shared>();
  Gate::open(*gate);
  unawait::block_on(Gate(gate));
  EXPECT_EQ(gate->polls, 1);
}

/// Blocks on a gate that another thread opens only after block_on has
/// registered its waker, so the wake must unpark it; returns the polls.
int pollsOfGateOpenedByAnotherThread() {
  auto gate = std::make_shared<Gate::Shared>();
  std::thread opener([gate] {
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(gate->mutex);
        if (gate->waker) break;
      }
      std::this_thread::yield();
    }
    Gate::open(*gate);
  });
  unawait::block_on(Gate(gate));
  opener.join();
  return gate->polls;
}

TEST(BlockOn, ParksUntilAnotherThreadWakes) {
  // Once pending, once after the wake: no busy polling.
  EXPECT_EQ(pollsOfGateOpenedByAnotherThread(), 2);
}

TEST(BlockOn, AWakeBetweenPendingAndParkIsNotLost) {
  // The future wakes itself from another thread before returning pending;
  // the wake may land before block_on parks. Repeat to hit the window.
  struct WakeFromThread {
    using output_type = int;
    int remaining;
    std::thread helper;
    ~WakeFromThread() {
      if (helper.joinable()) helper.join();
    }
    unawait::Poll<int> poll(unawait::Context& cx) {
      if (helper.joinable()) helper.join();
      if (remaining == 0) return unawait::ready(7);
      --remaining;
      helper = std::thread([waker = cx.waker()]() mutable { std::move(waker).wake(); });
      return unawait::pending;
    }
  };
  EXPECT_EQ(unawait::block_on(WakeFromThread{500, {}}), 7);
}

TEST(BlockOn, NestedInsideAPollOfAnotherBlockOn) {
  // The inner block_on must not take the outer one's wake-up, nor the reverse.
  struct Outer {
    using output_type = int;
    int polls = 0;
    unawait::Poll<int> poll(unawait::Context& cx) {
      ++polls;
      int inner = unawait::block_on(Countdown<int>{3, 10});  // wakes itself three times
      if (polls < 3) {
        std::thread([w = cx.waker()]() mutable { std::move(w).wake(); }).join();
        return unawait::pending;
      }
      return unawait::ready(inner + polls);
    }
  };
  EXPECT_EQ(unawait::block_on(Outer{}), 13);
}

TEST(BlockOn, AWakerCloneOutlivesItsThread) {
  std::optional<unawait::Waker> kept;
  std::thread([&kept] {
    struct KeepsAClone {
      using output_type = void;
      std::optional<unawait::Waker>* kept;
      unawait::Poll<void> poll(unawait::Context& cx) {
        kept->emplace(cx.waker());
        return unawait::ready();
      }
    };
    unawait::block_on(KeepsAClone{&kept});
  }).join();
  kept->wake_by_ref();  // the thread and its slot are gone; the parker lives on in the clone
  std::move(*kept).wake();
  SUCCEED();
}

TEST(BlockOn, AWakeLeftOverByAnEarlierCallCostsNoPoll) {
  struct WakesThenReady {  // ready, but wakes its waker first: a permit nobody waits for
    using output_type = void;
    unawait::Poll<void> poll(unawait::Context& cx) {
      cx.waker().wake_by_ref();
      return unawait::ready();
    }
  };
  unawait::block_on(WakesThenReady{});
  EXPECT_EQ(pollsOfGateOpenedByAnotherThread(), 2);  // not woken by the earlier call's permit
}

}  // namespace
