// Polling a finished rewritten future is a contract violation, stopped in
// every build (the dispatch has a case for it): with the contract checks on
// it says so and aborts; without them it traps, with no message (no call
// left in poll(), so that the check does not keep poll() from being inlined).
// RUN: unawait rewrite %s -o %t.cpp
// RUN: %clangxx17 -DNDEBUG -DUNAWAIT_CHECKED -I%S %t.cpp -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
// RUN: %clangxx17 -DNDEBUG -I%S %t.cpp -o %t.release
// RUN: not --crash %t.release 2>&1 | FileCheck %s --check-prefix=RELEASE
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> once() { co_return 1; }

int main() {
  unawait::Context cx(unawait::noop_waker());
  auto future = once();
  std::printf("first poll ready: %d\n", future.poll(cx).is_ready());
  std::fflush(stdout);
  (void)future.poll(cx).is_ready();
}
// CHECK: first poll ready: 1
// CHECK: unawait: contract violation: once polled after it returned Ready
// RELEASE: first poll ready: 1
// RELEASE-NOT: contract violation
