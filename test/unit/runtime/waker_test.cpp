#include <unawait/waker.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "test_support.hpp"

namespace {

using unawait_test::CountingWaker;

struct WakeOnly {
  std::atomic<int> wakes{0};
  void wake() { ++wakes; }
};

struct WakeAndByRef {
  std::atomic<int> wakes{0};
  std::atomic<int> by_ref{0};
  void wake() { ++wakes; }
  void wake_by_ref() { ++by_ref; }
};

TEST(Waker, FromSharedPtrWakes) {
  auto target = std::make_shared<WakeOnly>();
  unawait::Waker waker = unawait::Waker::from(target);
  waker.wake_by_ref();
  waker.wake_by_ref();
  unawait::Waker(waker).wake();
  EXPECT_EQ(target->wakes, 3);
}

TEST(Waker, FromSharedPtrUsesWakeByRefWhenPresent) {
  auto target = std::make_shared<WakeAndByRef>();
  unawait::Waker waker = unawait::Waker::from(target);
  waker.wake_by_ref();
  EXPECT_EQ(target->by_ref, 1);
  EXPECT_EQ(target->wakes, 0);
}

TEST(Waker, FromSharedPtrKeepsTheTargetAliveUntilTheLastClone) {
  auto target = std::make_shared<WakeOnly>();
  std::weak_ptr<WakeOnly> watch = target;
  {
    unawait::Waker waker = unawait::Waker::from(std::move(target));
    unawait::Waker clone = waker;
    { unawait::Waker dropped = std::move(waker); }
    EXPECT_FALSE(watch.expired());
    clone.wake_by_ref();
    EXPECT_EQ(watch.lock()->wakes, 1);
  }
  EXPECT_TRUE(watch.expired());
}

TEST(Waker, CloneAndDropBalance) {
  CountingWaker counter;
  {
    unawait::Waker a = counter.make();
    unawait::Waker b = a;                 // clone
    unawait::Waker c = std::move(b);      // move: no clone, no drop
    unawait::Waker d = counter.make();
    d = c;                                // clone c, drop the old d
    std::move(c).wake();                  // consumes c
    c.wake_by_ref();                      // moved-from c is the no-op waker
    EXPECT_EQ(counter.live(), 2);
  }
  EXPECT_EQ(counter.live(), 0);
  EXPECT_EQ(counter.clones(), 2);
  EXPECT_EQ(counter.wakes(), 1);
  EXPECT_EQ(counter.drops(), 3);
}

TEST(Waker, WillWakeComparesDataAndVTable) {
  CountingWaker one, two;
  unawait::Waker a = one.make();
  unawait::Waker a2 = a;
  unawait::Waker b = two.make();
  EXPECT_TRUE(a.will_wake(a2));
  EXPECT_FALSE(a.will_wake(b));
  EXPECT_FALSE(a.will_wake(unawait::noop_waker()));
}

TEST(Waker, NoopWakerDoesNothing) {
  const unawait::Waker& noop = unawait::noop_waker();
  noop.wake_by_ref();
  unawait::Waker copy = noop;
  std::move(copy).wake();
  EXPECT_TRUE(noop.will_wake(unawait::noop_waker()));
}

TEST(Waker, ClonesAreUsableFromManyThreads) {
  auto target = std::make_shared<WakeOnly>();
  unawait::Waker waker = unawait::Waker::from(target);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([clone = waker] {
      for (int i = 0; i < 1000; ++i) unawait::Waker(clone).wake();
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(target->wakes, 4000);
  EXPECT_EQ(target.use_count(), 2);  // ours and the waker's cell
}

}  // namespace
