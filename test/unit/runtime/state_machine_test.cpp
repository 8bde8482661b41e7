// The support generated state machines use (unawait/state_machine.hpp).
#include <unawait/state_machine.hpp>
#include <unawait/unawait.hpp>

#include <gtest/gtest.h>

namespace {

TEST(StateMachine, InitializerListOverAnArray) {
  int elements[3] = {4, 5, 6};
  std::initializer_list<int> list = unawait::detail::initializer_list_over(elements);
  EXPECT_EQ(list.begin(), &elements[0]);
  EXPECT_EQ(list.size(), 3u);
  EXPECT_EQ(*(list.end() - 1), 6);
}

TEST(StateMachine, PointerToAnXvalue) {
  int value = 1;
  int *p = unawait::detail::pointer_to(std::move(value));
  EXPECT_EQ(p, &value);
}

TEST(StateMachine, UnnamedFuturePollsAndDestroysWhatItBuilt) {
  static int destroyed = 0;
  struct Ready {
    ~Ready() { ++destroyed; }
    unawait::Poll<int> poll(unawait::Context &) { return unawait::ready(7); }
  };
  {
    unawait::detail::UnnamedFuture<int, sizeof(Ready), alignof(Ready)> future;
    future.emplace([] { return Ready{}; });
    unawait::Context cx(unawait::noop_waker());
    EXPECT_EQ(std::move(future.poll(cx)).value(), 7);
    EXPECT_EQ(destroyed, 0);
  }
  EXPECT_EQ(destroyed, 1);
}

} // namespace
