#include <unawait/poll.hpp>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <type_traits>

namespace {

TEST(Poll, PendingConvertsToAnyPoll) {
  unawait::Poll<int> p = unawait::pending;
  unawait::Poll<std::string> q = unawait::pending;
  unawait::Poll<void> r = unawait::pending;
  EXPECT_TRUE(p.is_pending());
  EXPECT_FALSE(p.is_ready());
  EXPECT_TRUE(q.is_pending());
  EXPECT_TRUE(r.is_pending());
}

TEST(Poll, ReadyHoldsTheValue) {
  auto p = unawait::ready(42);
  static_assert(std::is_same_v<decltype(p), unawait::Poll<int>>);
  ASSERT_TRUE(p.is_ready());
  EXPECT_EQ(std::move(p).value(), 42);
}

TEST(Poll, ReadyDecays) {
  const std::string text = "hi";
  auto p = unawait::ready(text);
  static_assert(std::is_same_v<decltype(p), unawait::Poll<std::string>>);
  EXPECT_EQ(std::move(p).value(), "hi");
}

TEST(Poll, AReferenceOutputIsTheReferentItself) {
  std::string text = "hi";
  unawait::Poll<std::string&> p(std::in_place, text);
  ASSERT_TRUE(p.is_ready());
  std::string& got = std::move(p).value();
  EXPECT_EQ(&got, &text);
  EXPECT_TRUE(p.is_pending());  // taken, like a Poll<T>'s value
  unawait::Poll<std::string&&> q(std::in_place, std::move(text));
  static_assert(std::is_same_v<decltype(std::move(q).value()), std::string&&>);
  unawait::Poll<const int&> pending = unawait::pending;
  EXPECT_TRUE(pending.is_pending());
}

TEST(Poll, ReadyVoid) {
  unawait::Poll<void> p = unawait::ready();
  EXPECT_TRUE(p.is_ready());
  std::move(p).value();
}

TEST(Poll, ConvertsLikeTheValueType) {
  unawait::Poll<long> p = unawait::ready(3);
  EXPECT_EQ(std::move(p).value(), 3L);
  unawait::Poll<long> q = unawait::Poll<int>(unawait::pending);
  EXPECT_TRUE(q.is_pending());
  static_assert(!std::is_constructible_v<unawait::Poll<int>, unawait::Poll<std::string>&&>);
}

TEST(Poll, ExplicitValueConversionsStayExplicit) {
  static_assert(std::is_constructible_v<unawait::Poll<std::unique_ptr<int>>, unawait::Poll<int*>&&>);
  static_assert(!std::is_convertible_v<unawait::Poll<int*>&&, unawait::Poll<std::unique_ptr<int>>>);
  unawait::Poll<std::unique_ptr<int>> p(unawait::ready(new int(4)));
  EXPECT_EQ(*std::move(p).value(), 4);
}

TEST(Poll, MoveOnlyValues) {
  unawait::Poll<std::unique_ptr<int>> p = unawait::ready(std::make_unique<int>(7));
  std::unique_ptr<int> v = std::move(p).value();
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(*v, 7);
}

struct NoDefault {
  explicit NoDefault(int v) : value(v) {}
  int value;
};

TEST(Poll, ValueTypeNeedNotBeDefaultConstructible) {
  unawait::Poll<NoDefault> pending_one = unawait::pending;
  EXPECT_TRUE(pending_one.is_pending());
  unawait::Poll<NoDefault> p(std::in_place, 5);
  EXPECT_EQ(std::move(p).value().value, 5);
}

}  // namespace
