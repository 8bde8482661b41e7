#include <unawait/thread_pool.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <unawait/block_on.hpp>
#include <unawait/notify.hpp>
#include <unawait/yield_now.hpp>

#include "test_support.hpp"

namespace {

using unawait_test::Countdown;

/// Spawns `tasks` countdowns (task i pending i % `pendings` times, then
/// ready with i) on a pool of `threads` and sums their outputs.
int sumOfCountdowns(std::size_t threads, int tasks, int pendings) {
  unawait::ThreadPool pool(threads);
  std::vector<unawait::JoinHandle<int>> handles;
  for (int i = 0; i < tasks; ++i) handles.push_back(pool.spawn(Countdown<int>{i % pendings, i}));
  int sum = 0;
  for (auto& handle : handles) sum += unawait::block_on(handle);
  return sum;
}

TEST(ThreadPool, RunsTasksAndDeliversOutputs) { EXPECT_EQ(sumOfCountdowns(2, 100, 5), 99 * 100 / 2); }

TEST(ThreadPool, DestructorWaitsForEveryTaskIncludingSpawnedOnes) {
  auto done = std::make_shared<std::atomic<int>>(0);
  struct SpawnThenFinish {
    using output_type = void;
    unawait::ThreadPool* pool;
    std::shared_ptr<std::atomic<int>> done;
    int depth;
    int yields = 3;
    unawait::Poll<void> poll(unawait::Context& cx) {
      if (yields-- > 0) {
        cx.waker().wake_by_ref();
        return unawait::pending;
      }
      if (depth > 0) pool->spawn(SpawnThenFinish{pool, done, depth - 1});
      ++*done;
      return unawait::ready();
    }
  };
  {
    unawait::ThreadPool pool(2);
    for (int i = 0; i < 10; ++i) pool.spawn(SpawnThenFinish{&pool, done, 4});
  }
  EXPECT_EQ(done->load(), 50);
}

// A one-shot latch for steering which worker runs what.
class Latch {
 public:
  void open() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      open_ = true;
    }
    changed_.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return open_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = false;
};

struct Steering {
  Latch blocker_running, second_blocker_running, migrated;
  std::mutex mutex;
  std::vector<std::thread::id> polled_on;  // the migrating task's threads, per poll
  std::unique_ptr<unawait::Waker> registered;  // its latest waker
};

// Blocks its worker until `release` opens, after opening `started`.
struct Blocker {
  using output_type = void;
  Latch* started;
  Latch* release;
  unawait::Poll<void> poll(unawait::Context&) {
    started->open();
    release->wait();
    return unawait::ready();
  }
};

// The second blocker also wakes the migrating task, through the waker that
// task registered on its latest poll.
struct WakingBlocker {
  using output_type = void;
  Steering* s;
  unawait::Poll<void> poll(unawait::Context&) {
    s->second_blocker_running.open();
    std::unique_ptr<unawait::Waker> waker;
    {
      std::lock_guard<std::mutex> lock(s->mutex);
      waker = std::move(s->registered);
    }
    if (waker) std::move(*waker).wake();
    s->migrated.wait();
    return unawait::ready();
  }
};

// Polled first on one worker, then (steered by the blockers) on the other.
// Each poll re-registers the waker from its own Context, as futures must.
struct Migrating {
  using output_type = void;
  unawait::ThreadPool* pool;
  Steering* s;
  unawait::Poll<void> poll(unawait::Context& cx) {
    std::lock_guard<std::mutex> lock(s->mutex);
    s->polled_on.push_back(std::this_thread::get_id());
    if (s->polled_on.size() == 2) {
      s->migrated.open();
      return unawait::ready();
    }
    s->registered = std::make_unique<unawait::Waker>(cx.waker());
    // Queued before we return, so the worker polling us takes it next and
    // blocks, while the other worker (freed by it) polls us again.
    pool->spawn(WakingBlocker{s});
    return unawait::pending;
  }
};

TEST(ThreadPool, ATaskMigratesBetweenWorkersAndIsWokenThroughItsLatestWaker) {
  Steering s;
  {
    unawait::ThreadPool pool(2);
    // Occupy one worker, so the migrating task's first poll runs on the other.
    pool.spawn(Blocker{&s.blocker_running, &s.second_blocker_running});
    s.blocker_running.wait();
    pool.spawn(Migrating{&pool, &s});
  }
  ASSERT_EQ(s.polled_on.size(), 2u);
  EXPECT_NE(s.polled_on[0], s.polled_on[1]);
}

TEST(ThreadPool, ManyTasksYieldingAcrossWorkers) {
  unawait::ThreadPool pool(2);
  auto counter = std::make_shared<std::atomic<int>>(0);
  struct YieldLoop {
    using output_type = int;
    std::shared_ptr<std::atomic<int>> counter;
    int remaining = 50;
    std::optional<unawait::YieldNow> yield;
    unawait::Poll<int> poll(unawait::Context& cx) {
      for (;;) {
        if (!yield) {
          if (remaining == 0) return unawait::ready(1);
          yield.emplace();
        }
        if (yield->poll(cx).is_pending()) return unawait::pending;
        yield.reset();
        --remaining;
        ++*counter;
      }
    }
  };
  std::vector<unawait::JoinHandle<int>> handles;
  for (int i = 0; i < 64; ++i) handles.push_back(pool.spawn(YieldLoop{counter, 50, std::nullopt}));
  int finished = 0;
  for (auto& handle : handles) finished += unawait::block_on(handle);
  EXPECT_EQ(finished, 64);
  EXPECT_EQ(counter->load(), 64 * 50);
}

TEST(ThreadPool, TasksSpawnedByAWorkerCompleteWhileThatWorkerIsBlocked) {
  // The parent queues children on its own worker's queue, then blocks that
  // worker until they have all run: the other worker must steal them.
  struct Child {
    using output_type = void;
    Latch* all_ran;
    std::shared_ptr<std::atomic<int>> left;
    unawait::Poll<void> poll(unawait::Context&) {
      if (--*left == 0) all_ran->open();
      return unawait::ready();
    }
  };
  struct Parent {
    using output_type = void;
    unawait::ThreadPool* pool;
    Latch* all_ran;
    unawait::Poll<void> poll(unawait::Context&) {
      auto left = std::make_shared<std::atomic<int>>(10);
      for (int i = 0; i < 10; ++i) pool->spawn(Child{all_ran, left});
      all_ran->wait();  // blocks this worker
      return unawait::ready();
    }
  };
  Latch all_ran;
  {
    unawait::ThreadPool pool(2);
    pool.spawn(Parent{&pool, &all_ran});
  }
  SUCCEED();
}

TEST(ThreadPool, AWorkerQueueThatOverflowsSpillsIntoTheInjectionQueue) {
  // One task spawns far more children than a worker's queue holds.
  auto ran = std::make_shared<std::atomic<int>>(0);
  struct Child {
    using output_type = void;
    std::shared_ptr<std::atomic<int>> ran;
    int yields;
    unawait::Poll<void> poll(unawait::Context& cx) {
      if (yields-- > 0) {
        cx.waker().wake_by_ref();
        return unawait::pending;
      }
      ++*ran;
      return unawait::ready();
    }
  };
  struct Parent {
    using output_type = void;
    unawait::ThreadPool* pool;
    std::shared_ptr<std::atomic<int>> ran;
    unawait::Poll<void> poll(unawait::Context&) {
      for (int i = 0; i < 3000; ++i) pool->spawn(Child{ran, i % 3});
      return unawait::ready();
    }
  };
  {
    unawait::ThreadPool pool(2);
    pool.spawn(Parent{&pool, ran});
  }
  EXPECT_EQ(ran->load(), 3000);
}

TEST(ThreadPool, WakesFromOutsideThePoolReachParkedWorkers) {
  constexpr int kTasks = 50;
  std::vector<std::shared_ptr<unawait_test::Gate::Shared>> gates;
  std::vector<unawait::JoinHandle<void>> handles;
  unawait::ThreadPool pool(2);
  for (int i = 0; i < kTasks; ++i) {
    gates.push_back(std::make_shared<unawait_test::Gate::Shared>());
    handles.push_back(pool.spawn(unawait_test::Gate(gates.back())));
  }
  // Wait until every gate registered a waker (the workers then park), then open them from here.
  for (auto& gate : gates) {
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(gate->mutex);
        if (gate->waker) break;
      }
      std::this_thread::yield();
    }
  }
  for (auto& gate : gates) unawait_test::Gate::open(*gate);
  for (auto& handle : handles) unawait::block_on(handle);
  for (auto& gate : gates) EXPECT_EQ(gate->polls, 2);
}

TEST(ThreadPool, OneWorkerRunsEverything) { EXPECT_EQ(sumOfCountdowns(1, 300, 4), 299 * 300 / 2); }

TEST(ThreadPool, DroppingAJoinHandleDetachesTheTask) {
  auto ran = std::make_shared<std::atomic<int>>(0);
  struct Count {
    using output_type = void;
    std::shared_ptr<std::atomic<int>> ran;
    int yields = 2;
    unawait::Poll<void> poll(unawait::Context& cx) {
      if (yields-- > 0) {
        cx.waker().wake_by_ref();
        return unawait::pending;
      }
      ++*ran;
      return unawait::ready();
    }
  };
  {
    unawait::ThreadPool pool(2);
    for (int i = 0; i < 100; ++i) pool.spawn(Count{ran});  // handles dropped at once
  }
  EXPECT_EQ(ran->load(), 100);
}

TEST(ThreadPool, TasksWakeEachOtherAcrossWorkers) {
  // A ring of tasks passing a token through Notify: every wake comes from
  // another task, on whichever worker it runs.
  constexpr int kTasks = 8, kRounds = 200;
  std::vector<std::unique_ptr<unawait::Notify>> notifies;
  for (int i = 0; i < kTasks; ++i) notifies.push_back(std::make_unique<unawait::Notify>());
  auto passes = std::make_shared<std::atomic<int>>(0);
  struct Link {
    using output_type = void;
    unawait::Notify* mine;
    unawait::Notify* next;
    std::shared_ptr<std::atomic<int>> passes;
    int rounds;
    std::optional<unawait::Notified> waiting;
    Link(unawait::Notify* m, unawait::Notify* n, std::shared_ptr<std::atomic<int>> p, int r)
        : mine(m), next(n), passes(std::move(p)), rounds(r) {}
    Link(Link&& other) noexcept : mine(other.mine), next(other.next), passes(other.passes), rounds(other.rounds) {}
    unawait::Poll<void> poll(unawait::Context& cx) {
      for (;;) {
        if (rounds == 0) return unawait::ready();
        if (!waiting) waiting.emplace(mine->notified());
        if (waiting->poll(cx).is_pending()) return unawait::pending;
        waiting.reset();
        --rounds;
        ++*passes;
        next->notify_one();
      }
    }
  };
  {
    unawait::ThreadPool pool(2);
    for (int i = 0; i < kTasks; ++i) pool.spawn(Link(notifies[i].get(), notifies[(i + 1) % kTasks].get(), passes, kRounds));
    notifies[0]->notify_one();
  }
  EXPECT_EQ(passes->load(), kTasks * kRounds);
}

}  // namespace
