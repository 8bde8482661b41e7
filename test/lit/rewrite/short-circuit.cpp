// An await in an operand that &&, || or ?: may skip runs only when C++
// evaluates it: the skipped future is never built, never polled.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> choose(bool flag) {
  bool both = flag && co_await traced("and", true);
  bool either = flag || co_await traced("or", true);
  int picked = flag ? co_await traced("then", 1) : co_await traced("else", 2);
  Tracer t("kept");
  const Tracer &ref = flag ? t : t;
  bool chain = co_await traced("first", flag) && (co_await traced("second", true) ||
                                                  co_await traced("third", true));
  std::printf("%s: both=%d either=%d picked=%d chain=%d %s\n",
              flag ? "true" : "false", both, either, picked, chain, ref.name);
  co_return both + either + picked + chain;
}

int main() {
  std::printf("result %d\n", unawait::block_on(choose(true)));
  std::printf("result %d\n", unawait::block_on(choose(false)));
  for (int polls = 0; polls < 4; ++polls)
    poll_then_drop(choose(true), polls);
}
// OUT: poll and
// OUT-NEXT: poll and
// OUT-NEXT: poll then
// OUT-NEXT: poll then
// OUT-NEXT: +kept
// OUT-NEXT: poll first
// OUT-NEXT: poll first
// OUT-NEXT: poll second
// OUT-NEXT: poll second
// OUT-NEXT: true: both=1 either=1 picked=1 chain=1 kept
// OUT-NEXT: -kept
// OUT-NEXT: result 4
// OUT-NEXT: poll or
// OUT-NEXT: poll or
// OUT-NEXT: poll else
// OUT-NEXT: poll else
// OUT-NEXT: +kept
// OUT-NEXT: poll first
// OUT-NEXT: poll first
// OUT-NEXT: false: both=0 either=1 picked=2 chain=0 kept
// OUT-NEXT: -kept
// OUT-NEXT: result 3
