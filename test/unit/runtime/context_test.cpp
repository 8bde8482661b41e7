#include <unawait/context.hpp>

#include <gtest/gtest.h>

#include <type_traits>

#include "test_support.hpp"

namespace {

TEST(Context, CarriesTheWakerItWasGiven) {
  unawait_test::CountingWaker counter;
  unawait::Waker waker = counter.make();
  unawait::Context cx(waker);
  EXPECT_EQ(&cx.waker(), &waker);  // borrowed, not copied
  cx.waker().wake_by_ref();
  EXPECT_EQ(counter.wakes(), 1);
  EXPECT_EQ(counter.clones(), 0);
}

TEST(Context, IsNotCopyable) {
  static_assert(!std::is_copy_constructible_v<unawait::Context>);
  static_assert(!std::is_copy_assignable_v<unawait::Context>);
  SUCCEED();
}

}  // namespace
