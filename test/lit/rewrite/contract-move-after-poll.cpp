// Moving a started future is a contract violation that checked builds catch
// (the C++ analogue of moving a pinned Rust future); moving an unstarted one
// is allowed.
// RUN: unawait rewrite %s -o %t.cpp
// RUN: %clangxx17 -I%S %t.cpp -o %t
// RUN: %t unstarted | FileCheck %s --check-prefix=UNSTARTED
// RUN: not --crash %t started 2>&1 | FileCheck %s --check-prefix=STARTED
#include "Inputs/test_futures.hpp"
#include <cstring>

UNAWAIT_ASYNC unawait::Async<int> work(int n) {
  int a = co_await wake_yield(n);
  co_return a;
}

int main(int argc, char **argv) {
  unawait::Context cx(unawait::noop_waker());
  auto future = work(5);
  if (argc > 1 && std::strcmp(argv[1], "started") == 0)
    (void)future.poll(cx).is_pending();
  auto moved = std::move(future);
  std::printf("moved, then ready with %d\n", unawait::block_on(moved));
}
// UNSTARTED: moved, then ready with 5
// STARTED: unawait: contract violation: a started work_future was moved
