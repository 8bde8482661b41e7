// Built with -fno-exceptions -fno-rtti (see CMakeLists.txt): what would have
// thrown prints the exception's message and aborts (docs/runtime.md,
// "Without exceptions or RTTI").
#include <unawait/unawait.hpp>

#include <gtest/gtest.h>

#include <optional>

#if defined(__cpp_exceptions) || defined(__cpp_rtti)
#error "this test must be built with -fno-exceptions -fno-rtti"
#endif

namespace {

class NoExceptionsDeath : public ::testing::Test {
 protected:
  // The timer thread and thread pools make fork-only death tests unsafe.
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

// Pending, but the waker is neither stored nor woken.
struct ForgetsTheWaker {
  using output_type = void;
  unawait::Poll<void> poll(unawait::Context&) { return unawait::pending; }
};

TEST_F(NoExceptionsDeath, StuckTaskAbortsNamingTheTask) {
  unawait::CheckedExecutor ex;
  ex.spawn("fetch", ForgetsTheWaker{});
  EXPECT_DEATH(ex.run(), "^unawait: task \"fetch\" returned Pending without arranging a wake-up");
}

TEST_F(NoExceptionsDeath, CancelledTaskAbortsAtItsJoinHandle) {
  std::optional<unawait::JoinHandle<void>> handle;
  {
    unawait::Executor ex;
    handle.emplace(ex.spawn("late", unawait::yield_now()));
  }  // destroyed before run(): the task is cancelled
  EXPECT_DEATH(unawait::block_on(*handle), "^unawait: task \"late\" was cancelled before it finished");
}

}  // namespace
