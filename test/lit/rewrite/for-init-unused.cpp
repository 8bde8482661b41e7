// A for loop whose init declares a variable nothing reads after a resume:
// the resume jump into the body must not cross its initialisation (issue 8,
// item 1).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> sum(int n) {
  int s = 0;
  for ([[maybe_unused]] int unused = 7; s < n;) {
    s += co_await wake_yield(2);
  }
  for (Tracer t("init"); s < 2 * n;)
    s += co_await wake_yield(3);
  co_return s;
}

int main() { std::printf("sum = %d\n", unawait::block_on(sum(5))); }
// OUT: +init
// OUT-NEXT: -init
// OUT-NEXT: sum = 12
