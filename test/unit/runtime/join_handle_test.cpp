#include <unawait/join_handle.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include <unawait/block_on.hpp>
#include <unawait/executor.hpp>

#include "test_support.hpp"

namespace {

using unawait_test::Countdown;
using unawait_test::Gate;

struct Throws {
  using output_type = int;
  unawait::Poll<int> poll(unawait::Context&) { throw std::runtime_error("task failed"); }
};

TEST(JoinHandle, DeliversTheOutput) {
  unawait::Executor ex;
  unawait::JoinHandle<std::string> handle = ex.spawn(Countdown<std::string>{2, "out"});
  ex.run();
  EXPECT_EQ(unawait::block_on(handle), "out");
}

TEST(JoinHandle, RethrowsTheTasksException) {
  unawait::Executor ex;
  auto handle = ex.spawn(Throws{});
  ex.run();
  EXPECT_THROW(unawait::block_on(handle), std::runtime_error);
}

TEST(JoinHandle, WakesTheTaskThatAwaitsIt) {
  // One task waits for another's handle on the same executor.
  struct AwaitHandle {
    using output_type = int;
    unawait::JoinHandle<int> handle;
    unawait::Poll<int> poll(unawait::Context& cx) {
      auto result = handle.poll(cx);
      if (result.is_pending()) return unawait::pending;
      return unawait::ready(std::move(result).value() + 1);
    }
  };
  unawait::Executor ex;
  auto gate = std::make_shared<Gate::Shared>();
  auto first = ex.spawn(Countdown<int>{0, 0});
  struct GateThen {
    using output_type = int;
    Gate gate;
    unawait::Poll<int> poll(unawait::Context& cx) {
      if (gate.poll(cx).is_pending()) return unawait::pending;
      return unawait::ready(41);
    }
  };
  auto waited = ex.spawn(GateThen{Gate(gate)});
  auto waiter = ex.spawn(AwaitHandle{std::move(waited)});
  std::thread opener([gate] { Gate::open(*gate); });
  ex.run();
  opener.join();
  EXPECT_EQ(unawait::block_on(waiter), 42);
  EXPECT_EQ(unawait::block_on(first), 0);
}

TEST(JoinHandle, DroppingItDetachesTheTask) {
  unawait::Executor ex;
  auto flag = std::make_shared<bool>(false);
  struct SetFlag {
    using output_type = void;
    std::shared_ptr<bool> flag;
    int polls = 0;
    unawait::Poll<void> poll(unawait::Context& cx) {
      if (polls++ < 2) {
        cx.waker().wake_by_ref();
        return unawait::pending;
      }
      *flag = true;
      return unawait::ready();
    }
  };
  { auto dropped = ex.spawn(SetFlag{flag}); }
  ex.run();
  EXPECT_TRUE(*flag);  // the task ran to completion without its handle
}

TEST(JoinHandle, ThrowsTaskCancelledWhenTheExecutorDiesFirst) {
  auto gate = std::make_shared<Gate::Shared>();
  std::optional<unawait::JoinHandle<void>> handle;
  {
    unawait::Executor ex;
    handle.emplace(ex.spawn("never opened", Gate(gate)));
  }
  try {
    unawait::block_on(*handle);
    FAIL() << "expected TaskCancelled";
  } catch (const unawait::TaskCancelled& e) {
    EXPECT_NE(std::string(e.what()).find("never opened"), std::string::npos);
  }
}

}  // namespace
