// The one-block task (detail/task.hpp): lent wakers, reference counts, the
// outcome's ownership between the task and its JoinHandle, cancellation.
#include <unawait/executor.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <unawait/block_on.hpp>
#include <unawait/checked_executor.hpp>

#include "test_support.hpp"

namespace {

using unawait::detail::refs_of;
using unawait::detail::task_of;
using unawait_test::Gate;

std::uint64_t state_of(const unawait::Waker& waker) {
  return task_of(waker.as_raw().data)->state.load();
}

// Records the task's reference count during its polls.
struct ObservesRefs {
  using output_type = void;
  std::uint64_t* lent_refs;
  std::uint64_t* after_clone;
  bool* same_waker;
  std::optional<unawait::Waker> kept;
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (!kept) {
      *lent_refs = refs_of(state_of(cx.waker()));
      kept.emplace(cx.waker());  // a real clone
      *after_clone = refs_of(state_of(cx.waker()));
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    *same_waker = kept->will_wake(cx.waker());
    return unawait::ready();
  }
};

TEST(Task, APollLendsTheWakerWithoutTouchingTheCount) {
  std::uint64_t lent = 0, cloned = 0;
  bool same = false;
  unawait::Executor ex;
  auto handle = ex.spawn(ObservesRefs{&lent, &cloned, &same, std::nullopt});
  ex.run();
  // The runnable reference, the JoinHandle's and the live one: none for the lent waker.
  EXPECT_EQ(lent, 3u);
  EXPECT_EQ(cloned, 4u);  // a clone is one more
  EXPECT_TRUE(same);      // the stored clone and the next lent waker are the same waker
  unawait::block_on(handle);
}

// Counts live instances (constructed and not destroyed) of itself.
struct CountsInstances {
  using output_type = int;
  std::shared_ptr<std::atomic<int>> live, destroyed;
  std::shared_ptr<Gate::Shared> gate;
  explicit CountsInstances(std::shared_ptr<std::atomic<int>> l, std::shared_ptr<std::atomic<int>> d,
                           std::shared_ptr<Gate::Shared> g)
      : live(std::move(l)), destroyed(std::move(d)), gate(std::move(g)) {
    ++*live;
  }
  CountsInstances(CountsInstances&& other) noexcept
      : live(other.live), destroyed(other.destroyed), gate(other.gate) {
    ++*live;
  }
  ~CountsInstances() {
    --*live;
    ++*destroyed;
  }
  unawait::Poll<int> poll(unawait::Context& cx) {
    Gate g(gate);
    if (g.poll(cx).is_pending()) return unawait::pending;
    return unawait::ready(5);
  }
};

TEST(Task, ATaskDroppedUnfinishedDestroysItsFutureExactlyOnce) {
  auto live = std::make_shared<std::atomic<int>>(0);
  auto destroyed = std::make_shared<std::atomic<int>>(0);
  auto gate = std::make_shared<Gate::Shared>();  // never opened; holds the task's waker
  std::optional<unawait::JoinHandle<int>> polled_handle;
  {
    unawait::Executor ex;
    polled_handle.emplace(ex.spawn(CountsInstances(live, destroyed, gate)));
    ex.spawn(CountsInstances(live, destroyed, gate));  // detached, never polled
    ex.run_until_stalled();
    EXPECT_EQ(live->load(), 2);  // the two futures inside their tasks (moved-from ones are gone)
    destroyed->store(0);
  }
  EXPECT_EQ(live->load(), 0);
  EXPECT_EQ(destroyed->load(), 2);  // each task's future once
  EXPECT_THROW(unawait::block_on(*polled_handle), unawait::TaskCancelled);
  gate->waker.reset();  // a stale clone of a cancelled task's waker: releasing it frees the task
}

TEST(Task, AWakeAfterTheExecutorIsGoneIsHarmless) {
  auto gate = std::make_shared<Gate::Shared>();
  {
    unawait::Executor ex;
    ex.spawn(Gate(gate));
    ex.run_until_stalled();
  }
  Gate::open(*gate);  // wakes a cancelled task whose executor is destroyed
  EXPECT_FALSE(gate->waker);
}

// Counts destructions of its output.
struct Output {
  std::shared_ptr<int> destroyed;
  explicit Output(std::shared_ptr<int> d) : destroyed(std::move(d)) {}
  Output(Output&& other) noexcept : destroyed(std::move(other.destroyed)) {}
  ~Output() {
    if (destroyed) ++*destroyed;
  }
};
struct MakesOutput {
  using output_type = Output;
  std::shared_ptr<int> destroyed;
  unawait::Poll<Output> poll(unawait::Context&) { return unawait::Poll<Output>(std::in_place, destroyed); }
};

TEST(Task, TheOutputIsDestroyedOnceWhateverHappensToTheHandle) {
  auto destroyed = std::make_shared<int>(0);
  {
    unawait::Executor ex;
    { auto detached = ex.spawn(MakesOutput{destroyed}); }  // dropped before completion: the task drops it
    auto dropped_after = ex.spawn(MakesOutput{destroyed});  // dropped after completion: the handle drops it
    auto taken = ex.spawn(MakesOutput{destroyed});          // taken by block_on
    ex.run();
    EXPECT_EQ(*destroyed, 1);
    { auto gone = std::move(dropped_after); }
    EXPECT_EQ(*destroyed, 2);
    { Output out = unawait::block_on(taken); }
    EXPECT_EQ(*destroyed, 3);
  }
  EXPECT_EQ(*destroyed, 3);
}

TEST(Task, AJoinHandleAwaitedFromAnotherThreadIsWoken) {
  unawait::Executor ex;
  auto gate = std::make_shared<Gate::Shared>();
  auto handle = ex.spawn(Gate(gate));
  ex.run_until_stalled();
  std::thread waiter([&handle] { unawait::block_on(handle); });  // registers in the task's awaiter slot
  Gate::open(*gate);
  ex.run();
  waiter.join();
  SUCCEED();
}

TEST(Task, WakesFromAnotherThreadWhileRunningAreQueuedOnce) {
  // Many threads wake one task at once while it runs and while it is idle.
  struct WokenMany {
    int polls = 0;
    std::optional<unawait::Waker> waker;
    std::shared_ptr<std::atomic<bool>> stop = std::make_shared<std::atomic<bool>>(false);
    std::unique_ptr<std::thread> wakers[3];
    unawait::Poll<int> poll(unawait::Context& cx) {
      if (polls++ == 0) {
        for (auto& t : wakers) {
          t = std::make_unique<std::thread>([w = cx.waker(), stop = stop] {
            for (int i = 0; i < 2000 && !stop->load(); ++i) w.wake_by_ref();
          });
        }
      }
      if (polls < 50) return unawait::pending;  // the wakes keep coming, or not: keep a clone too
      stop->store(true);
      for (auto& t : wakers) t->join();
      return unawait::ready(polls);
    }
  };
  // Keep the task reachable even when all the threads have finished waking.
  struct Wrapper {
    using output_type = int;
    WokenMany inner;
    unawait::Poll<int> poll(unawait::Context& cx) {
      auto r = inner.poll(cx);
      if (r.is_pending()) cx.waker().wake_by_ref();
      return r;
    }
  };
  unawait::Executor ex;
  auto handle = ex.spawn(Wrapper{});
  ex.run();
  EXPECT_EQ(unawait::block_on(handle), 50);
}

TEST(Task, CheckedExecutorSeesNoCloneOfALentWaker) {
  struct LooksOnly {
    using output_type = void;
    bool polled = false;
    unawait::Poll<void> poll(unawait::Context& cx) {
      if (polled) return unawait::ready();
      polled = true;
      static_cast<void>(cx.waker().will_wake(unawait::noop_waker()));
      return unawait::pending;
    }
  };
  unawait::CheckedExecutor ex;
  ex.spawn("looks", LooksOnly{});
  EXPECT_THROW(ex.run(), unawait::StuckTaskError);
}

TEST(Task, AWakeFromAnotherThreadMayRaceTheEndOfTheExecutor) {
  // The waking thread queues the task, which the run thread then finishes,
  // and the executor is destroyed, maybe before the waking thread has
  // returned from wake(): the executor's queue must outlive that call.
  for (int i = 0; i < 200; ++i) {
    std::thread waker;
    {
      struct HandsOffItsWaker {
        using output_type = void;
        std::thread* waker;
        bool polled = false;
        unawait::Poll<void> poll(unawait::Context& cx) {
          if (polled) return unawait::ready();
          polled = true;
          *waker = std::thread([w = cx.waker()]() mutable { std::move(w).wake(); });
          return unawait::pending;
        }
      };
      unawait::Executor ex;
      ex.spawn(HandsOffItsWaker{&waker});
      ex.run();
    }
    waker.join();
  }
  SUCCEED();
}

TEST(Task, ANameIsKeptInTheTasksBlock) {
  // Long names (past the small-string buffer) and default numbers both come
  // back whole in errors.
  struct Forgets {
    using output_type = void;
    unawait::Poll<void> poll(unawait::Context&) { return unawait::pending; }
  };
  std::string long_name = "a task with a name longer than any small-string buffer, " + std::string(100, 'x');
  {
    unawait::CheckedExecutor ex;
    ex.spawn(long_name, Forgets{});
    try {
      ex.run();
      FAIL() << "expected StuckTaskError";
    } catch (const unawait::StuckTaskError& e) {
      EXPECT_EQ(e.task(), long_name);
    }
  }
  std::optional<unawait::JoinHandle<void>> numbered;
  {
    unawait::Executor ex;
    for (int i = 0; i < 40; ++i) ex.spawn(unawait_test::Countdown<int>{0, i});
    numbered.emplace(ex.spawn(Gate(std::make_shared<Gate::Shared>())));
    ex.run_until_stalled();
  }
  try {
    unawait::block_on(*numbered);
    FAIL() << "expected TaskCancelled";
  } catch (const unawait::TaskCancelled& e) {
    EXPECT_NE(std::string(e.what()).find("\"task #41\""), std::string::npos) << e.what();
  }
}

TEST(Task, AnOverAlignedFutureIsAligned) {
  struct alignas(64) Wide {
    using output_type = bool;
    unsigned char bytes[64] = {};
    unawait::Poll<bool> poll(unawait::Context&) {
      return unawait::ready(reinterpret_cast<std::uintptr_t>(this) % 64 == 0);
    }
  };
  unawait::Executor ex;
  auto handle = ex.spawn("wide", Wide{});
  ex.run();
  EXPECT_TRUE(unawait::block_on(handle));
}

}  // namespace
