// An await of an annotated call inside the operand of another await, of a
// plain function or of an annotated one: each await nests its own callee's
// class (a fuzzer finding: the inner call was boxed into Async<T>, and the
// rewrite did not compile).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

WakeYield wrap(int v) { return wake_yield(v * 10); }

UNAWAIT_ASYNC unawait::Async<int> f1() {
  Tracer t("f1");
  co_await wake_yield(0);
  co_return 1;
}

UNAWAIT_ASYNC unawait::Async<int> f2(int n) {
  co_await wake_yield(0);
  co_return n + 2;
}

UNAWAIT_ASYNC unawait::Async<int> f0() {
  int v = co_await wrap(co_await f1());
  int w = co_await f2(co_await f1());
  co_return v + w;
}

int main() { std::printf("%d\n", unawait::block_on(f0())); }
// OUT: +f1
// OUT-NEXT: -f1
// OUT-NEXT: +f1
// OUT-NEXT: -f1
// OUT-NEXT: 13
