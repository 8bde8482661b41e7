// A reference parameter only written through (`a0 = 7`) is still read: its
// pointer. Value liveness sees a write and no use, so the frame keeps a
// reference for as long as it is in scope (a fuzzer finding: a local
// assigned but never read shared the pointer's storage).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> f3(int &a0) {
  [[maybe_unused]] int v1 = 1;
  for (int i = co_await wake_yield(1) % 2; i < 1; ++i) {
  }
  v1 = 2;
  co_return (a0 = 7);
}

UNAWAIT_ASYNC unawait::Async<int> f1(int &a2) {
  int got = co_await f3(a2);
  co_return a2 + got;
}

int main() {
  int x = 5;
  int got = unawait::block_on(f1(x));
  std::printf("%d %d\n", got, x);
}
// OUT: 14 7
