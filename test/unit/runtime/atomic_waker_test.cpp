#include <unawait/atomic_waker.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

#include <unawait/block_on.hpp>

#include "test_support.hpp"

namespace {

using unawait_test::CountingWaker;

// The seed's timer, lock-free: register first, then check.
struct Flag {
  std::atomic<bool> set{false};
  unawait::AtomicWaker waker;

  void signal() {
    set.store(true, std::memory_order_release);
    waker.wake();
  }
};

struct WaitForFlag {
  using output_type = void;
  Flag* flag;
  unawait::Poll<void> poll(unawait::Context& cx) {
    flag->waker.register_waker(cx.waker());
    if (flag->set.load(std::memory_order_acquire)) return unawait::ready();
    return unawait::pending;
  }
};

TEST(AtomicWaker, WakeWakesTheRegisteredWakerOnce) {
  unawait::AtomicWaker slot;
  CountingWaker counter;
  unawait::Waker waker = counter.make();
  slot.register_waker(waker);
  EXPECT_EQ(counter.live(), 2);
  slot.wake();
  EXPECT_EQ(counter.wakes(), 1);
  EXPECT_EQ(counter.live(), 1);  // the slot's clone was consumed
  slot.wake();                   // nothing registered any more
  EXPECT_EQ(counter.wakes(), 1);
}

TEST(AtomicWaker, ReplacesAnOldWakerButKeepsAnEquivalentOne) {
  unawait::AtomicWaker slot;
  CountingWaker first, second;
  unawait::Waker a = first.make();
  unawait::Waker b = second.make();
  slot.register_waker(a);
  slot.register_waker(a);
  EXPECT_EQ(first.clones(), 1);  // will_wake: no second clone
  slot.register_waker(b);
  EXPECT_EQ(first.live(), 1);  // the old clone was dropped
  slot.wake();
  EXPECT_EQ(first.wakes(), 0);
  EXPECT_EQ(second.wakes(), 1);
}

TEST(AtomicWaker, TakeReturnsTheWaker) {
  unawait::AtomicWaker slot;
  CountingWaker counter;
  slot.register_waker(counter.make());
  auto taken = slot.take();
  ASSERT_TRUE(taken.has_value());
  EXPECT_FALSE(slot.take().has_value());
}

TEST(AtomicWaker, NoLostWakeUpRacingASignallerThread) {
  for (int i = 0; i < 5000; ++i) {
    Flag flag;
    CountingWaker counter;
    unawait::Waker waker = counter.make();
    WaitForFlag future{&flag};
    std::thread signaller([&flag] { flag.signal(); });
    bool ready_at_once = unawait_test::poll_once(future, waker).is_ready();
    signaller.join();
    ASSERT_TRUE(ready_at_once || counter.wakes() >= 1) << "iteration " << i;
  }
}

TEST(AtomicWaker, ConcurrentWakesAndRegistrations) {
  // One task re-registers in a loop while two threads wake: every wake either
  // reaches a waker or is overtaken by a later registration, and nothing
  // leaks or races (ThreadSanitizer checks the slot's accesses).
  unawait::AtomicWaker slot;
  CountingWaker counter;
  std::atomic<bool> stop{false};
  std::thread wakers[2];
  for (auto& t : wakers) {
    t = std::thread([&] {
      while (!stop.load()) slot.wake();
    });
  }
  unawait::Waker waker = counter.make();
  for (int i = 0; i < 20000; ++i) slot.register_waker(waker);
  stop = true;
  for (auto& t : wakers) t.join();
  slot.wake();
  EXPECT_EQ(counter.live(), 1);  // only ours: every clone was consumed or dropped
  EXPECT_GE(counter.wakes(), 1);
}

TEST(AtomicWaker, BlockOnWithASignalFromAnotherThread) {
  Flag flag;
  std::thread signaller([&flag] { flag.signal(); });
  unawait::block_on(WaitForFlag{&flag});
  signaller.join();
  SUCCEED();
}

}  // namespace
