#include <unawait/notify.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <thread>
#include <vector>

#include <unawait/block_on.hpp>

#include "test_support.hpp"

namespace {

using unawait_test::CountingWaker;
using unawait_test::poll_once;

TEST(Notify, NotifyOneCompletesAWaiter) {
  unawait::Notify notify;
  CountingWaker counter;
  unawait::Waker waker = counter.make();
  auto notified = notify.notified();
  EXPECT_TRUE(poll_once(notified, waker).is_pending());
  notify.notify_one();
  EXPECT_EQ(counter.wakes(), 1);
  EXPECT_TRUE(poll_once(notified, waker).is_ready());
  EXPECT_EQ(counter.live(), 1);
}

TEST(Notify, ANotifyWithoutWaiterIsRememberedOnce) {
  unawait::Notify notify;
  notify.notify_one();
  notify.notify_one();  // still one permit
  auto first = notify.notified();
  EXPECT_TRUE(poll_once(first, unawait::noop_waker()).is_ready());
  auto second = notify.notified();
  EXPECT_TRUE(poll_once(second, unawait::noop_waker()).is_pending());
}

TEST(Notify, WaitersAreNotifiedInOrder) {
  unawait::Notify notify;
  auto a = notify.notified();
  auto b = notify.notified();
  EXPECT_TRUE(poll_once(a, unawait::noop_waker()).is_pending());
  EXPECT_TRUE(poll_once(b, unawait::noop_waker()).is_pending());
  notify.notify_one();
  EXPECT_TRUE(poll_once(b, unawait::noop_waker()).is_pending());
  EXPECT_TRUE(poll_once(a, unawait::noop_waker()).is_ready());
  notify.notify_one();
  EXPECT_TRUE(poll_once(b, unawait::noop_waker()).is_ready());
}

TEST(Notify, ADroppedWaiterDeregisters) {
  unawait::Notify notify;
  CountingWaker counter;
  {
    auto notified = notify.notified();
    unawait::Waker waker = counter.make();
    EXPECT_TRUE(poll_once(notified, waker).is_pending());
  }
  EXPECT_EQ(counter.live(), 0);  // its waker was released
  notify.notify_one();           // finds no waiter: kept as the permit
  EXPECT_EQ(counter.wakes(), 0);
  auto next = notify.notified();
  EXPECT_TRUE(poll_once(next, unawait::noop_waker()).is_ready());
}

TEST(Notify, ANotificationOfADroppedWaiterPassesOn) {
  unawait::Notify notify;
  CountingWaker counter;
  auto second = notify.notified();
  {
    auto first = notify.notified();
    EXPECT_TRUE(poll_once(first, unawait::noop_waker()).is_pending());
    unawait::Waker waker = counter.make();
    EXPECT_TRUE(poll_once(second, waker).is_pending());
    notify.notify_one();  // goes to `first`, which is dropped unobserved
  }
  EXPECT_EQ(counter.wakes(), 1);  // so `second` gets it
  EXPECT_TRUE(poll_once(second, unawait::noop_waker()).is_ready());
}

TEST(Notify, NoLostWakeUpRacingANotifierThread) {
  for (int i = 0; i < 2000; ++i) {
    unawait::Notify notify;
    CountingWaker counter;
    unawait::Waker waker = counter.make();
    auto notified = notify.notified();
    std::thread notifier([&notify] { notify.notify_one(); });
    bool ready_at_once = poll_once(notified, waker).is_ready();
    notifier.join();
    ASSERT_TRUE(ready_at_once || counter.wakes() == 1) << "iteration " << i;
    if (!ready_at_once) {
      EXPECT_TRUE(poll_once(notified, waker).is_ready());
    }
  }
}

TEST(Notify, BlockOnAcrossThreads) {
  unawait::Notify notify;
  std::thread notifier([&notify] { notify.notify_one(); });
  unawait::block_on(notify.notified());
  notifier.join();
  SUCCEED();
}

TEST(Notify, ManyWaitersAcrossThreadsAreEachNotifiedOnce) {
  unawait::Notify notify;
  constexpr int kWaiters = 4, kEach = 200;
  std::atomic<int> done{0};
  std::vector<std::thread> waiters;
  for (int w = 0; w < kWaiters; ++w) {
    waiters.emplace_back([&] {
      for (int i = 0; i < kEach; ++i) {
        unawait::block_on(notify.notified());
        ++done;
      }
    });
  }
  // Keep notifying until every wait completed: permits are not counted,
  // so some notifications merge, but none is lost while someone waits.
  while (done.load() < kWaiters * kEach) {
    notify.notify_one();
    std::this_thread::yield();
  }
  for (auto& t : waiters) t.join();
  EXPECT_EQ(done.load(), kWaiters * kEach);
}

TEST(Notify, AWaiterDroppedFromTheMiddleOfTheQueueKeepsTheOrder) {
  unawait::Notify notify;
  unawait::Notified a = notify.notified(), c = notify.notified();
  std::optional<unawait::Notified> b(notify.notified());
  EXPECT_TRUE(poll_once(a, unawait::noop_waker()).is_pending());
  EXPECT_TRUE(poll_once(*b, unawait::noop_waker()).is_pending());
  EXPECT_TRUE(poll_once(c, unawait::noop_waker()).is_pending());
  b.reset();  // unlinked from the middle
  notify.notify_one();
  notify.notify_one();
  EXPECT_TRUE(poll_once(a, unawait::noop_waker()).is_ready());
  EXPECT_TRUE(poll_once(c, unawait::noop_waker()).is_ready());
  unawait::Notified d = notify.notified();
  EXPECT_TRUE(poll_once(d, unawait::noop_waker()).is_pending());  // no permit left over
}

TEST(Notify, KeepsTheWakerOfTheLatestPoll) {
  unawait_test::CountingWaker first, second;
  unawait::Notify notify;
  unawait::Notified waiting = notify.notified();
  unawait::Waker a = first.make(), b = second.make();
  EXPECT_TRUE(poll_once(waiting, a).is_pending());
  EXPECT_TRUE(poll_once(waiting, b).is_pending());
  EXPECT_EQ(first.live(), 1);  // the Notify released its clone of `a`
  notify.notify_one();
  EXPECT_EQ(second.wakes(), 1);
  EXPECT_EQ(first.wakes(), 0);
  EXPECT_TRUE(poll_once(waiting, b).is_ready());
}

}  // namespace
