// Heap allocations of the runtime, counted by replacing the global operator
// new in this test program: one per spawned task, none per poll, per
// block_on, per Notify round trip; at most one per sleep.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>

#include <unawait/block_on.hpp>
#include <unawait/executor.hpp>
#include <unawait/notify.hpp>
#include <unawait/thread_pool.hpp>
#include <unawait/timer.hpp>
#include <unawait/yield_now.hpp>

#include "test_support.hpp"

// GCC's -Wmismatched-new-delete cannot tell that our operator delete pairs
// with our operator new (it sees malloc and free once inlined).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {
thread_local long t_allocations = 0;           // on this thread
std::atomic<long> g_allocations{0};            // on every thread

void* counted(std::size_t size, std::size_t align) {
  ++t_allocations;
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  void* p = align <= alignof(std::max_align_t) ? std::malloc(size) : std::aligned_alloc(align, (size + align - 1) / align * align);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
}  // namespace

void* operator new(std::size_t n) { return counted(n, 0); }
void* operator new[](std::size_t n) { return counted(n, 0); }
void* operator new(std::size_t n, std::align_val_t a) { return counted(n, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted(n, static_cast<std::size_t>(a)); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted(n, 0);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

using unawait_test::Countdown;

struct Ready {
  using output_type = int;
  int value;
  unawait::Poll<int> poll(unawait::Context&) { return unawait::ready(value); }
};

// Counts the allocations made on this thread by `body`.
template <class Body>
long allocations_of(Body&& body) {
  long before = t_allocations;
  body();
  return t_allocations - before;
}

TEST(Allocations, OnePerTaskSpawnedBeforeRun) {
  unawait::Executor ex;
  long n = allocations_of([&] {
    for (int i = 0; i < 1000; ++i) ex.spawn(Ready{i});
    ex.run();
  });
  EXPECT_EQ(n, 1000);
}

TEST(Allocations, OnePerTaskSpawnedByATaskAndNoneToRunIt) {
  struct SpawnMany {
    using output_type = void;
    unawait::Executor* ex;
    unawait::Poll<void> poll(unawait::Context&) {
      for (int i = 0; i < 1000; ++i) ex->spawn(Countdown<int>{3, i});  // each polled four times
      return unawait::ready();
    }
  };
  unawait::Executor ex;
  long n = allocations_of([&] {
    ex.spawn(SpawnMany{&ex});
    ex.run();
  });
  EXPECT_EQ(n, 1001);
}

TEST(Allocations, NamedSpawnWithAShortNameIsOneAllocation) {
  unawait::Executor ex;
  std::optional<unawait::JoinHandle<int>> handle;
  long n = allocations_of([&] {
    handle.emplace(ex.spawn("short", Ready{1}));
    ex.run();
  });
  EXPECT_EQ(n, 1);
  EXPECT_EQ(unawait::block_on(*handle), 1);
}

TEST(Allocations, OnePerThreadPoolTask) {
  long before;
  {
    unawait::ThreadPool pool(2);
    before = g_allocations.load();
    for (int i = 0; i < 1000; ++i) pool.spawn(Countdown<int>{2, i});
  }  // waits for every task, then joins the workers
  EXPECT_EQ(g_allocations.load() - before, 1000);  // on any thread: the tasks, and nothing to run them
}

TEST(Allocations, NoneToBlockOnAReadyFuture) {
  unawait::block_on(Ready{0});  // the thread's parker: once per thread
  long n = allocations_of([] {
    for (int i = 0; i < 100; ++i) EXPECT_EQ(unawait::block_on(Ready{i}), i);
  });
  EXPECT_EQ(n, 0);
}

TEST(Allocations, NoneToBlockOnAFutureWokenFromAnotherThread) {
  unawait::block_on(Ready{0});
  auto gate = std::make_shared<unawait_test::Gate::Shared>();
  // Opens the gate once block_on has registered its waker.
  std::thread opener([gate] {
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(gate->mutex);
        if (gate->waker) break;
      }
      std::this_thread::yield();
    }
    unawait_test::Gate::open(*gate);
  });
  long n = 0;
  {
    unawait_test::Gate future(gate);
    // Gate::poll allocates the unique_ptr that holds its waker: count it out.
    n = allocations_of([&] { unawait::block_on(future); }) - 1;
  }
  opener.join();
  EXPECT_EQ(n, 0);
  EXPECT_EQ(gate->polls, 2);
}

TEST(Allocations, NoneToBlockOnASelfWakingFuture) {
  unawait::block_on(Ready{0});
  long n = allocations_of([] { EXPECT_EQ(unawait::block_on(Countdown<int>{5, 7}), 7); });
  EXPECT_EQ(n, 0);
}

// Two tasks passing a token through two Notify: each round trip is two
// notify_one() and two waits.
struct PingPong {
  using output_type = void;
  unawait::Notify* mine;
  unawait::Notify* other;
  int rounds;
  bool serves;
  std::optional<unawait::Notified> waiting;
  PingPong(unawait::Notify* m, unawait::Notify* o, int r, bool s) : mine(m), other(o), rounds(r), serves(s) {}
  PingPong(PingPong&& p) noexcept : mine(p.mine), other(p.other), rounds(p.rounds), serves(p.serves) {}
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (serves) {
      serves = false;
      other->notify_one();
    }
    for (;;) {
      if (rounds == 0) return unawait::ready();
      if (!waiting) waiting.emplace(mine->notified());
      if (waiting->poll(cx).is_pending()) return unawait::pending;
      waiting.reset();
      if (--rounds > 0 || !serves) other->notify_one();
    }
  }
};

TEST(Allocations, NoneForANotifyRoundTrip) {
  unawait::Notify a, b;
  unawait::Executor ex;
  ex.spawn(PingPong(&a, &b, 1000, true));
  ex.spawn(PingPong(&b, &a, 1000, false));
  ex.run_until_stalled();  // the spawns are counted out: this runs the first rounds...
  long n = allocations_of([&] { ex.run(); });  // ...and this the rest
  EXPECT_EQ(n, 0);
}

TEST(Allocations, NoneForANotifyRoundTripAcrossThreads) {
  unawait::block_on(Ready{0});
  unawait::Notify there, back;
  std::thread other([&] {
    for (int i = 0; i < 200; ++i) {
      unawait::block_on(there.notified());
      back.notify_one();
    }
  });
  long n = allocations_of([&] {
    for (int i = 0; i < 200; ++i) {
      there.notify_one();
      unawait::block_on(back.notified());
    }
  });
  other.join();
  EXPECT_EQ(n, 0);
}

TEST(Allocations, AtMostOnePerSleep) {
  using namespace std::chrono_literals;
  unawait::block_on(unawait::sleep_for(1ms));  // starts the timer thread, sizes its heap
  long before = g_allocations.load();
  for (int i = 0; i < 20; ++i) unawait::block_on(unawait::sleep_for(100us));
  EXPECT_LE(g_allocations.load() - before, 20);
  // In practice none: the registration lives in the Sleep.
  EXPECT_EQ(g_allocations.load() - before, 0);
}

// A task that sleeps `d` from its first poll.
struct SleepTask {
  using output_type = void;
  std::chrono::microseconds d;
  std::optional<unawait::Sleep> sleep;
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (!sleep) sleep.emplace(unawait::sleep_for(d));
    return sleep->poll(cx);
  }
};

TEST(Allocations, OnePerSleepingTaskOnAnExecutorThatDrivesTheTimers) {
  using namespace std::chrono_literals;
  constexpr int kTasks = 200;
  auto round = [] {
    unawait::Executor ex;
    for (int i = 0; i < kTasks; ++i) ex.spawn(SleepTask{std::chrono::microseconds(100 + 10 * (i % 37)), std::nullopt});
    ex.run();  // idle: the executor parks until the earliest deadline and fires the sleeps itself
  };
  round();  // starts the timer thread, sizes its heap for kTasks pending sleeps
  long n = allocations_of(round);
  // The tasks' own blocks, and the executor's core: nothing per sleep.
  EXPECT_LE(n, kTasks + 1);
}

TEST(Allocations, ALongNameIsStoredInTheTasksOwnBlock) {
  unawait::Executor ex;
  std::string name(200, 'n');
  long n = allocations_of([&] {
    ex.spawn(std::move(name), Ready{1});
    ex.run();
  });
  EXPECT_EQ(n, 1);
}

}  // namespace
