#include <unawait/timer.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <chrono>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include <unawait/block_on.hpp>
#include <unawait/detail/parker.hpp>
#include <unawait/executor.hpp>
#include <unawait/notify.hpp>
#include <unawait/select.hpp>

#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using unawait::detail::TimerDriver;

TEST(Timer, SleepForWaitsAtLeastItsDuration) {
  auto start = Clock::now();
  unawait::block_on(unawait::sleep_for(20ms));
  EXPECT_GE(Clock::now() - start, 20ms);
}

TEST(Timer, APassedDeadlineIsReadyAtOnceWithoutRegistering) {
  unawait::Sleep sleep = unawait::sleep_until(Clock::now() - 1s);
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  EXPECT_TRUE(unawait_test::poll_once(sleep, waker).is_ready());
  EXPECT_EQ(counter.clones(), 0);
}

TEST(Timer, RegistersOnFirstPollAndDeregistersWhenDropped) {
  unawait_test::CountingWaker counter;
  std::size_t before = TimerDriver::instance().registered();
  {
    unawait::Sleep sleep = unawait::sleep_for(1h);
    unawait::Waker waker = counter.make();
    EXPECT_EQ(TimerDriver::instance().registered(), before);  // not before the first poll
    EXPECT_TRUE(unawait_test::poll_once(sleep, waker).is_pending());
    EXPECT_EQ(TimerDriver::instance().registered(), before + 1);
    EXPECT_EQ(counter.live(), 2);  // ours and the timer's clone
  }
  EXPECT_EQ(TimerDriver::instance().registered(), before);
  EXPECT_EQ(counter.live(), 0);  // the timer released its clone on drop
  EXPECT_EQ(counter.wakes(), 0);
}

TEST(Timer, KeepsTheWakerOfTheLatestPoll) {
  unawait_test::CountingWaker first, second;
  unawait::Sleep sleep = unawait::sleep_for(30ms);
  unawait::Waker a = first.make();
  unawait::Waker b = second.make();
  EXPECT_TRUE(unawait_test::poll_once(sleep, a).is_pending());
  EXPECT_TRUE(unawait_test::poll_once(sleep, b).is_pending());
  EXPECT_EQ(first.live(), 1);  // the timer dropped its clone of `a`
  unawait::block_on(sleep);
  EXPECT_EQ(first.wakes(), 0);
}

// Sleeps until base + offset, where base is only known when run() starts;
// records the order in which sleeps finish.
struct SleepAt {
  using output_type = void;
  const Clock::time_point* base;
  Clock::duration offset;
  int id;
  std::vector<int>* finished;
  std::optional<unawait::Sleep> sleep;
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (!sleep) sleep.emplace(*base + offset);
    if (sleep->poll(cx).is_pending()) return unawait::pending;
    finished->push_back(id);
    return unawait::ready();
  }
};

TEST(Timer, TenThousandSleepsOneThreadDeadlineOrder) {
  constexpr int kSleeps = 10000;
  std::vector<int> ids(kSleeps);
  std::iota(ids.begin(), ids.end(), 0);
  std::shuffle(ids.begin(), ids.end(), std::mt19937(12345));  // spawn order unrelated to deadlines
  Clock::time_point base;
  std::vector<int> finished;
  finished.reserve(kSleeps);
  unawait::Executor ex;
  for (int id : ids) ex.spawn(SleepAt{&base, id * 20us, id, &finished, std::nullopt});
  // Leave time for the first polls (slow under sanitizers) before the first deadline.
  base = Clock::now() + 500ms;
  ex.run();
  ASSERT_EQ(finished.size(), static_cast<std::size_t>(kSleeps));
  EXPECT_TRUE(std::is_sorted(finished.begin(), finished.end()));
  EXPECT_GE(Clock::now(), base + (kSleeps - 1) * 20us);
  EXPECT_EQ(TimerDriver::threads_started().load(), 1);
}

TEST(Timer, ServesBlockOnAndExecutorsAlike) {
  unawait::Executor ex;
  ex.spawn(unawait::sleep_for(10ms));
  ex.run();
  unawait::block_on(unawait::sleep_for(10ms));
  EXPECT_EQ(TimerDriver::threads_started().load(), 1);
}

TEST(Timer, MovingAnUnpolledSleepKeepsItsDeadline) {
  auto deadline = Clock::now() + 5ms;
  unawait::Sleep a = unawait::sleep_until(deadline);
  unawait::Sleep b = std::move(a);
  EXPECT_EQ(b.deadline(), deadline);
  unawait::block_on(b);
  EXPECT_GE(Clock::now(), deadline);
}

TEST(Timer, SleepsDroppedBeforeFiringLeaveTheOthersInDeadlineOrder) {
  // Registers sleeps by hand with wakers that record their order, drops a
  // random half (from anywhere in the heap), and waits for the rest.
  struct Record {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<int> woken;
  };
  struct Recorder {
    Record* record;
    int id;
    void wake() {
      std::lock_guard<std::mutex> lock(record->mutex);  // notify under it: `record` may go once we unlock
      record->woken.push_back(id);
      record->changed.notify_all();
    }
  };
  constexpr int kSleeps = 400;
  Record record;
  std::size_t before = TimerDriver::instance().registered();
  auto base = Clock::now() + 1s;  // later than the registrations, even under sanitizers
  std::vector<std::unique_ptr<unawait::Sleep>> sleeps;
  std::vector<int> order(kSleeps);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  std::vector<int> by_slot;
  for (int id : order) {
    sleeps.push_back(std::make_unique<unawait::Sleep>(base + id * 50us));
    by_slot.push_back(id);
    unawait::Waker waker = unawait::Waker::from(std::make_shared<Recorder>(Recorder{&record, id}));
    ASSERT_TRUE(unawait_test::poll_once(*sleeps.back(), waker).is_pending());
  }
  EXPECT_EQ(TimerDriver::instance().registered(), before + kSleeps);
  std::vector<int> kept;
  for (std::size_t i = 0; i < sleeps.size(); ++i) {
    if (i % 2 == 0) {
      sleeps[i].reset();  // deregistered
    } else {
      kept.push_back(by_slot[i]);
    }
  }
  if (Clock::now() >= base) GTEST_SKIP() << "the registrations took longer than the first deadline";
  std::sort(kept.begin(), kept.end());
  {
    std::unique_lock<std::mutex> lock(record.mutex);
    record.changed.wait(lock, [&] { return record.woken.size() == kept.size(); });
    EXPECT_EQ(record.woken, kept);  // deadline order, none of the dropped ones
  }
  EXPECT_EQ(TimerDriver::instance().registered(), before);
}

TEST(Timer, TiesFireInRegistrationOrderAfterRandomDrops) {
  // Many registrations on few distinct deadlines (ties), two thirds dropped
  // in random order, including the earliest: the heap must still give
  // (deadline, registration order).
  struct Record {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<int> woken;
  };
  struct Recorder {
    Record* record;
    int id;
    void wake() {
      std::lock_guard<std::mutex> lock(record->mutex);
      record->woken.push_back(id);
      record->changed.notify_all();
    }
  };
  constexpr int kSleeps = 1500, kDeadlines = 40;
  Record record;
  std::size_t before = TimerDriver::instance().registered();
  auto base = Clock::now() + 1s;
  std::mt19937 random(99);
  std::vector<std::unique_ptr<unawait::Sleep>> sleeps;  // by registration order (= id)
  std::vector<Clock::time_point> deadline_of;
  for (int id = 0; id < kSleeps; ++id) {
    deadline_of.push_back(base + static_cast<int>(random() % kDeadlines) * 100us);
    sleeps.push_back(std::make_unique<unawait::Sleep>(deadline_of.back()));
    unawait::Waker waker = unawait::Waker::from(std::make_shared<Recorder>(Recorder{&record, id}));
    ASSERT_TRUE(unawait_test::poll_once(*sleeps.back(), waker).is_pending());
  }
  std::vector<int> drop(kSleeps);
  std::iota(drop.begin(), drop.end(), 0);
  std::shuffle(drop.begin(), drop.end(), random);
  drop.resize(kSleeps * 2 / 3);
  for (int id : drop) sleeps[id].reset();
  if (Clock::now() >= base) GTEST_SKIP() << "the registrations took longer than the first deadline";
  std::vector<int> kept;
  for (int id = 0; id < kSleeps; ++id) {
    if (sleeps[id]) kept.push_back(id);
  }
  std::stable_sort(kept.begin(), kept.end(), [&](int a, int b) { return deadline_of[a] < deadline_of[b]; });
  EXPECT_EQ(TimerDriver::instance().registered(), before + kept.size());
  {
    std::unique_lock<std::mutex> lock(record.mutex);
    record.changed.wait(lock, [&] { return record.woken.size() == kept.size(); });
    EXPECT_EQ(record.woken, kept);
  }
  EXPECT_EQ(TimerDriver::instance().registered(), before);
}

// --- Executors driving the timers (timer.hpp: an idle Executor fires due
// sleeps itself, the timer thread backs it up). No timing is asserted: only
// that every sleep fires once, in deadline order, and none stays registered.

// SleepAt that also notes whether its deadline had passed at its first poll
// (then it is ready at once and the order says nothing).
struct LateAware {
  using output_type = void;
  const Clock::time_point* base;
  Clock::duration offset;
  int id;
  std::vector<int>* finished;
  bool* too_late;
  std::optional<unawait::Sleep> sleep;
  unawait::Poll<void> poll(unawait::Context& cx) {
    if (!sleep) {
      sleep.emplace(*base + offset);
      if (Clock::now() >= sleep->deadline()) *too_late = true;
    }
    if (sleep->poll(cx).is_pending()) return unawait::pending;
    finished->push_back(id);
    return unawait::ready();
  }
};

TEST(TimerDriving, ManySleepsFromSeveralThreadsEachExecutorInDeadlineOrder) {
  // Four executors on four threads (one of them at a time is the driver,
  // the others park plainly and are woken by it or by the timer thread) and
  // two threads in block_on, all with pending sleeps at once.
  constexpr int kExecutors = 4, kSleeps = 300, kBlockOns = 2, kSequential = 20;
  std::size_t before = TimerDriver::instance().registered();
  Clock::time_point base = Clock::now() + 1s;  // after every first poll, even under sanitizers
  std::vector<std::vector<int>> finished(kExecutors);
  bool too_late[kExecutors] = {};
  std::vector<std::thread> threads;
  for (int e = 0; e < kExecutors; ++e) {
    threads.emplace_back([&, e] {
      std::vector<int> ids(kSleeps);
      std::iota(ids.begin(), ids.end(), 0);
      std::shuffle(ids.begin(), ids.end(), std::mt19937(100 + e));
      unawait::Executor ex;
      // Interleaved deadlines across executors: id * 40us + e * 10us.
      for (int id : ids) {
        ex.spawn(LateAware{&base, id * 40us + e * 10us, id, &finished[e], &too_late[e], std::nullopt});
      }
      ex.run();
    });
  }
  for (int b = 0; b < kBlockOns; ++b) {
    threads.emplace_back([&, b] {
      for (int i = 0; i < kSequential; ++i) unawait::block_on(unawait::sleep_until(base + i * 500us + b * 5us));
    });
  }
  for (auto& t : threads) t.join();
  for (int e = 0; e < kExecutors; ++e) {
    if (too_late[e]) GTEST_SKIP() << "a first poll came after the first deadline";
    ASSERT_EQ(finished[e].size(), static_cast<std::size_t>(kSleeps));
    EXPECT_TRUE(std::is_sorted(finished[e].begin(), finished[e].end())) << "executor " << e;
  }
  EXPECT_EQ(TimerDriver::instance().registered(), before);
  EXPECT_EQ(TimerDriver::threads_started().load(), 1);
}

TEST(TimerDriving, ASleepDroppedBeforeRegistrationOrAfterWhileTheExecutorDrives) {
  std::size_t before = TimerDriver::instance().registered();
  unawait::Executor ex;
  // Never polled: never registered.
  struct HoldsAnUnpolledSleep {
    using output_type = void;
    unawait::Sleep unpolled = unawait::sleep_for(1h);
    unawait::Sleep polled = unawait::sleep_for(1ms);
    unawait::Poll<void> poll(unawait::Context& cx) { return polled.poll(cx); }
  };
  ex.spawn(HoldsAnUnpolledSleep{});
  // Registered, then dropped by select when the shorter one fires (the
  // executor was parked until the shorter deadline as the driver).
  ex.spawn(unawait::select(unawait::sleep_for(1h), unawait::sleep_for(3ms)));
  ex.run();
  EXPECT_EQ(TimerDriver::instance().registered(), before);
}

TEST(TimerDriving, ASleepFiredButNotPolledAgainIsDroppedSafely) {
  std::size_t before = TimerDriver::instance().registered();
  {
    // By hand: two registered sleeps, fired (their wakers called), then
    // destroyed without another poll.
    auto deadline = Clock::now() + 200ms;
    unawait_test::CountingWaker counter;
    unawait::Sleep a = unawait::sleep_until(deadline), b = unawait::sleep_until(deadline);
    unawait::Waker waker = counter.make();
    if (unawait_test::poll_once(a, waker).is_ready() || unawait_test::poll_once(b, waker).is_ready()) {
      GTEST_SKIP() << "the polls took longer than the deadline";
    }
    // Same deadline, registered later: fired after both.
    unawait::block_on(unawait::sleep_until(deadline));
    EXPECT_EQ(counter.wakes(), 2);
    EXPECT_EQ(TimerDriver::instance().registered(), before);
  }
  {
    // On an executor that drives: the same deadline, so both fire in one
    // firing; select returns the first it sees ready and drops the other,
    // fired and never polled again (or, if the deadline had passed by then,
    // never registered).
    auto deadline = Clock::now() + 3ms;
    unawait::Executor ex;
    auto winner = ex.spawn(unawait::select(unawait::sleep_until(deadline), unawait::sleep_until(deadline)));
    ex.run();
    unawait::Context cx(unawait::noop_waker());
    EXPECT_TRUE(winner.poll(cx).is_ready());
  }
  EXPECT_EQ(TimerDriver::instance().registered(), before);
}

TEST(TimerDriving, AnEarlierDeadlineFromAnotherThreadIsServedWhileAnExecutorDrivesALaterOne) {
  // The executor parks as the driver until an hour from now; a block_on on
  // another thread registers a sleep of a few milliseconds: it must not wait
  // for the executor's deadline (the driver is unparked, and the timer
  // thread is told of the earlier deadline).
  unawait::Notify stop;
  unawait::Executor ex;
  ex.spawn(unawait::select(unawait::sleep_for(1h), stop.notified()));
  std::thread executor([&] { ex.run(); });
  for (int i = 0; i < 5; ++i) unawait::block_on(unawait::sleep_for(2ms));
  stop.notify_one();
  executor.join();
}

TEST(TimerDriving, AnExecutorWithoutSleepsAfterDrivingLeavesThemToTheTimerThread) {
  // An executor drove, then returned: the timer thread still fires later
  // sleeps (block_on here), whatever the delegation left behind.
  {
    unawait::Executor ex;
    ex.spawn(unawait::sleep_for(2ms));
    ex.run();
  }
  for (int i = 0; i < 3; ++i) unawait::block_on(unawait::sleep_for(1ms));
  EXPECT_EQ(TimerDriver::threads_started().load(), 1);
}

TEST(Parker, ParkUntilReturnsAtTheDeadlineOrOnAPermit) {
  unawait::detail::Parker parker;
  parker.park_until(Clock::now() + 1ms);  // no permit: returns at the deadline
  parker.unpark();
  parker.park_until(Clock::now() + 1h);  // a permit given before: returns at once
  std::thread other([&] { parker.unpark(); });
  parker.park_until(Clock::now() + 1h);  // a permit given meanwhile (or before)
  other.join();
  parker.park_until(Clock::now() + 1ms);  // the permit was taken: waits for the deadline again
}

}  // namespace
