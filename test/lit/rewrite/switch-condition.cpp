// An await in a switch's condition: the value is taken once, then the switch
// jumps to its case; the cases await too.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> pick(int n) {
  int result = 0;
  switch (co_await wake_yield(n) % 3) {
  case 0:
    result = co_await wake_yield(100);
    break;
  case 1: {
    Tracer one("one");
    result = 10 + co_await wake_yield(1);
    break;
  }
  default:
    result = -1;
  }
  co_return result;
}

int main() {
  for (int n = 0; n < 3; ++n)
    std::printf("pick(%d) = %d\n", n, unawait::block_on(pick(n)));
}
// OUT: pick(0) = 100
// OUT-NEXT: +one
// OUT-NEXT: -one
// OUT-NEXT: pick(1) = 11
// OUT-NEXT: pick(2) = -1
