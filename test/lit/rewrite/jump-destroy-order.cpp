// break and continue out of a scope that holds a kept object and, declared
// after it, an object that is not kept: both are destroyed youngest first,
// as co_return and the end of the scope do (issue 8, item 14).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<void> jumps() {
  for (int i = 0; i < 2; ++i) {
    Tracer t1("t1");
    co_await wake_yield(0);
    Tracer t2("t2");
    if (i == 0)
      continue;
    {
      Tracer t3("t3");
      break;
    }
  }
  while (true) {
    Tracer t4("t4");
    co_await wake_yield(0);
    { Tracer t5("t5"); if (true) break; }
  }
}

int main() { unawait::block_on(jumps()); }
// OUT: +t1
// OUT-NEXT: +t2
// OUT-NEXT: -t2
// OUT-NEXT: -t1
// OUT-NEXT: +t1
// OUT-NEXT: +t2
// OUT-NEXT: +t3
// OUT-NEXT: -t3
// OUT-NEXT: -t2
// OUT-NEXT: -t1
// OUT-NEXT: +t4
// OUT-NEXT: +t5
// OUT-NEXT: -t5
// OUT-NEXT: -t4
