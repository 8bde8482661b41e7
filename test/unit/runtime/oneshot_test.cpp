#include <unawait/oneshot.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <unawait/block_on.hpp>

#include "test_support.hpp"

namespace {

TEST(Oneshot, DeliversTheValue) {
  auto [tx, rx] = unawait::oneshot::channel<std::string>();
  EXPECT_TRUE(tx.send("hello"));
  EXPECT_EQ(unawait::block_on(rx), std::optional<std::string>("hello"));
}

TEST(Oneshot, WakesAReceiverWaitingOnAnotherThread) {
  auto [tx, rx] = unawait::oneshot::channel<std::unique_ptr<int>>();
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  EXPECT_TRUE(unawait_test::poll_once(rx, waker).is_pending());
  std::thread sender([sender_end = std::move(tx)]() mutable { EXPECT_TRUE(sender_end.send(std::make_unique<int>(5))); });
  sender.join();
  EXPECT_EQ(counter.wakes(), 1);
  auto value = std::move(unawait_test::poll_once(rx, waker)).value();
  ASSERT_TRUE(value && *value);
  EXPECT_EQ(**value, 5);
}

TEST(Oneshot, EmptyWhenTheSenderIsDroppedUnsent) {
  auto [tx, rx] = unawait::oneshot::channel<int>();
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  EXPECT_TRUE(unawait_test::poll_once(rx, waker).is_pending());
  { auto dropped = std::move(tx); }
  EXPECT_EQ(counter.wakes(), 1);
  EXPECT_EQ(std::move(unawait_test::poll_once(rx, waker)).value(), std::nullopt);
}

TEST(Oneshot, SendFailsOnceTheReceiverIsDropped) {
  auto [tx, rx] = unawait::oneshot::channel<int>();
  unawait_test::CountingWaker counter;
  {
    auto receiver = std::move(rx);
    unawait::Waker waker = counter.make();
    EXPECT_TRUE(unawait_test::poll_once(receiver, waker).is_pending());
  }
  EXPECT_EQ(counter.live(), 0);  // dropping the receiver released its waker
  EXPECT_FALSE(tx.send(1));
}

TEST(Oneshot, DroppingTheReceiverDropsAnUnreceivedValue) {
  auto token = std::make_shared<int>(0);
  std::weak_ptr<int> watch = token;
  auto [tx, rx] = unawait::oneshot::channel<std::shared_ptr<int>>();
  EXPECT_TRUE(tx.send(std::move(token)));
  { auto dropped = std::move(rx); }
  EXPECT_TRUE(watch.expired());
}

TEST(Oneshot, NoLostWakeUpRacingASenderThread) {
  // The sender may complete between the receiver's check and its
  // registration; poll once, let the sender finish, and require that the
  // receiver was either ready at once or woken.
  for (int i = 0; i < 2000; ++i) {
    auto [tx, rx] = unawait::oneshot::channel<int>();
    unawait_test::CountingWaker counter;
    unawait::Waker waker = counter.make();
    std::thread sender([sender_end = std::move(tx), i]() mutable { sender_end.send(i); });
    bool ready_at_once = unawait_test::poll_once(rx, waker).is_ready();
    sender.join();
    ASSERT_TRUE(ready_at_once || counter.wakes() == 1) << "iteration " << i;
    if (!ready_at_once) {
      EXPECT_EQ(std::move(unawait_test::poll_once(rx, waker)).value(), i);
    }
  }
}

}  // namespace
