// Polling a finished rewritten future is a contract violation, caught in
// every build (the dispatch has a case for it).
// RUN: unawait rewrite %s -o %t.cpp
// RUN: %clangxx17 -DNDEBUG -I%S %t.cpp -o %t
// RUN: not --crash %t 2>&1 | FileCheck %s
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
