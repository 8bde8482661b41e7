// A reference local whose only use after an await is an assignment through
// it: assigning through a reference reads the reference, so it is held
// across the await (issue 8, item 13).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> assign() {
  int a = 1;
  int &r = a;
  int got = co_await wake_yield(5);
  r = got + 100;
  co_return a;
}

int main() { std::printf("assign = %d\n", unawait::block_on(assign())); }
// OUT: assign = 105
