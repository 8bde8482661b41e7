// An xvalue operand is polled in place through a pointer, as an lvalue is:
// `co_await std::move(fut)`, and a member of a temporary, which lives until
// the full-expression ends (issue 8, item 9).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

struct Holder {
  Tracer trace{"holder"};
  WakeYield member{5};
};

UNAWAIT_ASYNC unawait::Async<int> xvalues() {
  WakeYield fut{1};
  int a = co_await std::move(fut);
  int b = co_await Holder{}.member;
  std::printf("after the holder\n");
  co_return a + b;
}

int main() { std::printf("xvalues = %d\n", unawait::block_on(xvalues())); }
// OUT: +holder
// OUT-NEXT: -holder
// OUT-NEXT: after the holder
// OUT-NEXT: xvalues = 6
