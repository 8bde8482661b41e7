// Poll-after-ready and other contract violations abort with a message.
// Built with UNAWAIT_CHECKED (see CMakeLists.txt), so the checks are on
// whatever the build type.
#include <unawait/unawait.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <memory>

#include "test_support.hpp"

namespace {

using unawait_test::Countdown;
using unawait_test::poll_once;

class ContractDeath : public ::testing::Test {
 protected:
  // The timer thread and thread pools make fork-only death tests unsafe.
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

constexpr const char* kPrefix = "unawait: contract violation: ";

template <class F>
void drive_to_ready(F& future) {
  for (;;) {
    if (poll_once(future, unawait::noop_waker()).is_ready()) return;
  }
}

TEST_F(ContractDeath, ContractViolationAlwaysAborts) {
  EXPECT_DEATH(unawait::detail::contract_violation("custom message"), "unawait: contract violation: custom message");
}

TEST_F(ContractDeath, ValueOfAPendingPoll) {
  EXPECT_DEATH(
      {
        unawait::Poll<int> p = unawait::pending;
        static_cast<void>(std::move(p).value());
      },
      std::string(kPrefix) + "Poll::value\\(\\) called on a pending Poll");
}

TEST_F(ContractDeath, AsyncBoxPolledAfterReady) {
  unawait::Async<int> boxed = Countdown<int>{0, 1};
  drive_to_ready(boxed);
  EXPECT_DEATH(static_cast<void>(poll_once(boxed, unawait::noop_waker())), "Async polled after it completed");
}

TEST_F(ContractDeath, SleepPolledAfterReady) {
  auto sleep = unawait::sleep_until(std::chrono::steady_clock::now());
  drive_to_ready(sleep);
  EXPECT_DEATH(static_cast<void>(poll_once(sleep, unawait::noop_waker())), "Sleep polled after it completed");
}

TEST_F(ContractDeath, YieldNowPolledAfterReady) {
  auto yield = unawait::yield_now();
  drive_to_ready(yield);
  EXPECT_DEATH(static_cast<void>(poll_once(yield, unawait::noop_waker())), "yield_now\\(\\) polled after it completed");
}

TEST_F(ContractDeath, JoinPolledAfterReady) {
  auto joined = unawait::join(Countdown<int>{1, 1}, Countdown<int>{0, 2});
  drive_to_ready(joined);
  EXPECT_DEATH(static_cast<void>(poll_once(joined, unawait::noop_waker())), "join polled after it completed");
}

TEST_F(ContractDeath, SelectPolledAfterReady) {
  auto selected = unawait::select(Countdown<int>{1, 1}, Countdown<int>{3, 2});
  drive_to_ready(selected);
  EXPECT_DEATH(static_cast<void>(poll_once(selected, unawait::noop_waker())), "select polled after it completed");
}

TEST_F(ContractDeath, OneshotReceiverPolledAfterReady) {
  auto [tx, rx] = unawait::oneshot::channel<int>();
  tx.send(1);
  drive_to_ready(rx);
  EXPECT_DEATH(static_cast<void>(poll_once(rx, unawait::noop_waker())), "oneshot::Receiver polled after it completed");
}

TEST_F(ContractDeath, OneshotSendTwice) {
  auto [tx, rx] = unawait::oneshot::channel<int>();
  tx.send(1);
  EXPECT_DEATH(tx.send(2), "send called twice");
}

TEST_F(ContractDeath, NotifiedPolledAfterReady) {
  unawait::Notify notify;
  notify.notify_one();
  auto notified = notify.notified();
  drive_to_ready(notified);
  EXPECT_DEATH(static_cast<void>(poll_once(notified, unawait::noop_waker())), "notified\\(\\) future polled after it completed");
}

TEST_F(ContractDeath, JoinHandlePolledAfterReady) {
  unawait::Executor ex;
  auto handle = ex.spawn(Countdown<int>{0, 1});
  ex.run();
  drive_to_ready(handle);
  EXPECT_DEATH(static_cast<void>(poll_once(handle, unawait::noop_waker())), "JoinHandle polled after it returned");
}

TEST_F(ContractDeath, MovingARegisteredSleep) {
  auto sleep = unawait::sleep_for(std::chrono::hours(1));
  EXPECT_TRUE(poll_once(sleep, unawait::noop_waker()).is_pending());
  EXPECT_DEATH(unawait::Sleep moved(std::move(sleep)), "a registered Sleep must not be moved");
}

TEST_F(ContractDeath, MovingARegisteredNotified) {
  unawait::Notify notify;
  unawait::Notified waiting = notify.notified();
  unawait::Context cx(unawait::noop_waker());
  EXPECT_TRUE(waiting.poll(cx).is_pending());
  EXPECT_DEATH({ unawait::Notified moved(std::move(waiting)); }, "must not be moved after its first poll");
}

}  // namespace
