#include <unawait/executor.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <unawait/block_on.hpp>
#include <unawait/yield_now.hpp>

#include "test_support.hpp"

namespace {

using unawait_test::Countdown;
using unawait_test::Gate;
using unawait_test::Trace;
using unawait_test::Traced;

// Appends its id to `log` at each step, yielding `steps` times.
struct Stepper {
  using output_type = void;
  std::vector<std::string>* log;
  std::string id;
  int steps;
  int step = 0;
  unawait::Poll<void> poll(unawait::Context& cx) {
    log->push_back(id + std::to_string(step));
    if (step++ == steps) return unawait::ready();
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

TEST(Executor, RunsTasksInTurnsInSpawnOrder) {
  std::vector<std::string> log;
  unawait::Executor ex;
  ex.spawn(Stepper{&log, "a", 2});
  ex.spawn(Stepper{&log, "b", 2});
  EXPECT_TRUE(log.empty());  // nothing runs before run()
  ex.run();
  std::vector<std::string> expected{"a0", "b0", "a1", "b1", "a2", "b2"};
  EXPECT_EQ(log, expected);
}

TEST(Executor, RunReturnsAtOnceWithoutTasks) {
  unawait::Executor ex;
  ex.run();
  SUCCEED();
}

TEST(Executor, ATaskWokenManyTimesIsQueuedOnce) {
  struct WakeFiveTimes {
    using output_type = int;
    int polls = 0;
    unawait::Poll<int> poll(unawait::Context& cx) {
      if (++polls == 1) {
        for (int i = 0; i < 5; ++i) cx.waker().wake_by_ref();
        unawait::Waker(cx.waker()).wake();
        return unawait::pending;
      }
      return unawait::ready(polls);
    }
  };
  unawait::Executor ex;
  auto handle = ex.spawn(WakeFiveTimes{});
  ex.run();
  EXPECT_EQ(unawait::block_on(handle), 2);  // six wakes, one more poll
}

// Spawns `children` tasks through the executor while running, each of which
// spawns one grandchild.
struct Spawner {
  using output_type = void;
  unawait::Executor* ex;
  std::vector<std::string>* log;
  std::string name;
  int children;
  unawait::Poll<void> poll(unawait::Context&) {
    log->push_back(name);
    for (int i = 0; i < children; ++i) ex->spawn(Spawner{ex, log, name + "." + std::to_string(i), children - 1});
    return unawait::ready();
  }
};

TEST(Executor, TasksSpawnTasksWhileRunning) {
  std::vector<std::string> log;
  unawait::Executor ex;
  ex.spawn(Spawner{&ex, &log, "root", 2});
  ex.run();
  std::vector<std::string> expected{"root", "root.0", "root.1", "root.0.0", "root.1.0"};
  EXPECT_EQ(log, expected);
}

TEST(Executor, ParksUntilAWakeFromAnotherThread) {
  unawait::Executor ex;
  auto gate = std::make_shared<Gate::Shared>();
  auto handle = ex.spawn(Gate(gate));
  std::thread opener;
  // A second task opens the gate from a thread once the first one waits.
  struct StartOpener {
    using output_type = void;
    std::thread* opener;
    std::shared_ptr<Gate::Shared> gate;
    unawait::Poll<void> poll(unawait::Context&) {
      *opener = std::thread([g = gate] { Gate::open(*g); });
      return unawait::ready();
    }
  };
  ex.spawn(StartOpener{&opener, gate});
  ex.run();  // returns only after the gate's task finished
  opener.join();
  EXPECT_EQ(gate->polls, 2);
  unawait::block_on(handle);
}

TEST(Executor, SpawnFromAnotherThreadWhileRunning) {
  unawait::Executor ex;
  auto gate = std::make_shared<Gate::Shared>();
  ex.spawn(Gate(gate));  // keeps run() alive until opened
  auto result = std::make_shared<int>(0);
  std::thread other([&ex, gate, result] {
    struct Store {
      using output_type = void;
      std::shared_ptr<int> result;
      std::shared_ptr<Gate::Shared> gate;
      unawait::Poll<void> poll(unawait::Context&) {
        *result = 99;
        Gate::open(*gate);
        return unawait::ready();
      }
    };
    ex.spawn(Store{result, gate});
  });
  ex.run();
  other.join();
  EXPECT_EQ(*result, 99);
}

TEST(Executor, RunUntilStalledDoesNotPark) {
  unawait::Executor ex;
  auto gate = std::make_shared<Gate::Shared>();
  ex.spawn(Gate(gate));
  ex.spawn(Countdown<int>{3, 1});
  EXPECT_FALSE(ex.run_until_stalled());  // the gate's task is still waiting
  EXPECT_EQ(gate->polls, 1);
  Gate::open(*gate);
  EXPECT_TRUE(ex.run_until_stalled());
}

TEST(Executor, DestroyingItCancelsUnfinishedTasks) {
  Trace trace;
  struct HoldsTraced {
    using output_type = void;
    std::shared_ptr<Traced> held;
    std::shared_ptr<Gate::Shared> shared = std::make_shared<Gate::Shared>();
    Gate gate{shared};  // stores the task's own waker: a cycle the executor must break
    unawait::Poll<void> poll(unawait::Context& cx) { return gate.poll(cx); }
  };
  {
    unawait::Executor ex;
    ex.spawn(HoldsTraced{std::make_shared<Traced>(trace, "polled")});
    ex.run_until_stalled();
    ex.spawn(HoldsTraced{std::make_shared<Traced>(trace, "never polled")});
    trace.add("destroying the executor");
  }
  auto events = trace.events();
  ASSERT_EQ(events.size(), 5u);
  EXPECT_EQ(events[2], "destroying the executor");
  // Both futures are destroyed (in no particular order); LeakSanitizer checks the rest.
  EXPECT_TRUE((events[3] == "dtor polled" && events[4] == "dtor never polled") ||
              (events[3] == "dtor never polled" && events[4] == "dtor polled"));
}

}  // namespace
