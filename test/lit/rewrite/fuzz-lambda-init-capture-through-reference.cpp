// Found by the fuzzer (lambda-in-async, seed 1000123 of the 2026-12-06 long
// run), a rewrite that did not compile: a lambda copying a reference the
// frame keeps (`[a0]` of `int &a0`), in a mutable lambda that also copies a
// const object, is built inside a lambda that binds a reference to each
// (`[&, &k = g1.k, &a0 = (*a0)] { return [k, a0, ...] ...; }()`); an
// init-capture reading a0 there (`&h1 = a0`) must read that reference as
// written, not the frame's pointer (`(*a0)` on an int).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
#include "Inputs/lambda_tracers.hpp"

UNAWAIT_ASYNC unawait::Async<int> counts(int &a0) {
  const int k = a0 * 2000;
  co_await wake_yield(0);
  auto lz = [k, a0, &h1 = a0, e2 = a0 + 1] UNAWAIT_ASYNC () mutable -> unawait::Async<int> {
    co_await wake_yield(0);
    a0 += 10; // the copy
    h1 += 100; // the caller's
    co_return k + a0 + e2;
  };
  int r = co_await lz();
  co_return r * 1000 + a0;
}

int main() {
  int a0 = 1;
  std::printf("%d\n", unawait::block_on(counts(a0)));
  std::printf("%d\n", a0);
}
// OUT: 2013101
// OUT-NEXT: 101
// CHECK: auto({{\[}}&, &k = g1.k, &a0 = (*a0)] {
// CHECK-NEXT: return
// CHECK-NEXT: {{\[}}k, a0, &h1 = a0, e2 = a0 + 1]() mutable -> counts_lambda_future {
