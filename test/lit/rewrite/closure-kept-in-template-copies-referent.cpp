// A closure kept in a function template's frame that copies a reference
// variable (`[a]` with `const Named &a`) holds a copy of the referent, so
// it has a destructor: the frame keeps it in an UnnamedObject that runs it
// where the block ends. (Before, the reference's type decided, and the
// frame kept the closure in raw bytes that were never destroyed: fuzz seed
// 33000328, one "-" missing per call.)
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

template <class T> UNAWAIT_ASYNC unawait::Async<int> copies(const Named &a, T t) {
  {
    auto l = [a] UNAWAIT_ASYNC (int b) -> unawait::Async<int> {
      co_return co_await wake_yield(a.value + b);
    };
    std::printf("copies %d\n", co_await l(int(t)));
  }
  std::printf("after the block\n");
  co_return 0;
}

int main() {
  Named named("named", 5);
  (void)unawait::block_on(copies(named, 2));
  for (int polls = 0; polls < 2; ++polls)
    poll_then_drop(copies(named, 3), polls);
}
// OUT: +named
// OUT-NEXT: +named (copy)
// OUT-NEXT: copies 7
// OUT-NEXT: -named
// OUT-NEXT: after the block
// OUT-NEXT: dropped after 0 polls
// OUT-NEXT: +named (copy)
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -named
// OUT-NEXT: -named

// SHAPE: unawait::detail::UnnamedObject<
// SHAPE-NEXT: unawait::detail::closure_bound<const Named>::size,
