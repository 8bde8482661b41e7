// Awaits in every part of a loop's header: a for loop's init, condition
// (under &&) and increment (`continue` runs the increment, then the
// condition), a while condition under ||, a do condition under &&.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> headers(bool flag) {
  int n = 0;
  for (int i = co_await wake_yield(0); i < 4 && co_await wake_yield(1);
       i += co_await wake_yield(1)) {
    Tracer body("body");
    if (i == 1)
      continue;
    ++n;
  }
  int rounds = 0;
  while (co_await wake_yield(0) || rounds < 2)
    ++rounds;
  do {
    ++n;
  } while (flag && co_await wake_yield(0));
  co_return n * 10 + rounds;
}

int main() {
  std::printf("true: %d\n", unawait::block_on(headers(true)));
  std::printf("false: %d\n", unawait::block_on(headers(false)));
}
// OUT: true: 42
// OUT: false: 42
