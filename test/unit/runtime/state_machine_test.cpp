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

// closure_bound: each member padded to the largest alignment, summed; an
// empty closure has size 1. A closure's real size never exceeds it.
using unawait::detail::closure_bound;
static_assert(closure_bound<>::size == 1 && closure_bound<>::align == 1);
static_assert(closure_bound<char, char>::size == 2 && closure_bound<char, char>::align == 1);
static_assert(closure_bound<char, void *>::size == 16 && closure_bound<char, void *>::align == 8);
static_assert(closure_bound<int, char[5], double>::size == 24);

TEST(StateMachine, ClosureBoundHoldsTheClosure) {
  char c = 'a';
  int i = 1;
  double d = 2;
  auto by_copy = [c, i, d] { return c + i + d; };
  auto by_reference = [&c, i] { return c + i; };
  static_assert(sizeof(by_copy) <= closure_bound<char, int, double>::size);
  static_assert(alignof(decltype(by_copy)) <= closure_bound<char, int, double>::align);
  static_assert(sizeof(by_reference) <= closure_bound<void *, int>::size);
  EXPECT_EQ(by_copy() + by_reference(), 100 + 98);
}

} // namespace
