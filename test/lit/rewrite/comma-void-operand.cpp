// A void left operand of a comma before an await (`(void)f(), co_await g()`)
// is evaluated as a statement before the await; it has no value to keep (a
// fuzzer finding: the rewrite declared a frame field of type void).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

int tr(int v) {
  std::printf("tr %d\n", v);
  return v;
}

UNAWAIT_ASYNC unawait::Async<int> f() {
  int x = ((void)tr(1), co_await wake_yield(2));
  int y = ((void)co_await wake_yield(3), tr(4) + co_await wake_yield(5));
  co_return x + y;
}

int main() { std::printf("%d\n", unawait::block_on(f())); }
// OUT: tr 1
// OUT-NEXT: tr 4
// OUT-NEXT: 11
