// Unnamed parameters are moved into the frame and destroyed with it, like a
// coroutine's parameter copies; the rewritten function names them (issue 8,
// item 10).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"
#include <string>

UNAWAIT_ASYNC unawait::Async<int> unnamed(std::string, int n, int) {
  co_await wake_yield(0);
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<void> traced(Tracer) {
  co_await wake_yield(0);
}

int main() {
  std::printf("unnamed = %d\n", unawait::block_on(unnamed("ignored", 7, 8)));
  unawait::block_on(traced(Tracer("param")));
}
// OUT: unnamed = 7
// OUT-NEXT: +param
// OUT-NEXT: +param (move)
// OUT-NEXT: -param
// OUT-NEXT: -param
