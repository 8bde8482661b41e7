// The value of `?:` with an await in an operand is spilled in a branch and
// read after the if: its frame temporary must not share storage with what
// the statement reads besides it (a fuzzer finding: it overlapped the
// parameter `seed`, which `-=` then read overwritten).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> f0(int seed) {
  seed -= (co_await wake_yield(1) ? co_await wake_yield(12) : 10);
  std::printf("seed %d\n", seed);
  int x = 1;
  x -= co_await wake_yield(5);
  std::printf("x %d\n", x);
  co_return seed;
}

int main() { std::printf("%d\n", unawait::block_on(f0(1))); }
// OUT: seed -11
// OUT-NEXT: x -4
// OUT-NEXT: -11
