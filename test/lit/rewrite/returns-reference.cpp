// An async function returning a reference binds it to what `co_return`
// names (no copy, no move: the future keeps the referent's address), and
// awaiting it yields that object itself, an lvalue (`T&`) or an xvalue
// (`T&&`) (issue 9).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<Tracer &> pick(Tracer &first, Tracer &second, int n) {
  // golden begin
  co_await wake_yield(n);
  if (n == 0)
    co_return first;
  co_return second;
  // golden end
}

UNAWAIT_ASYNC unawait::Async<Tracer &&> give(Tracer &t) {
  co_await wake_yield(0);
  co_return std::move(t);
}

UNAWAIT_ASYNC unawait::Async<void> caller(Tracer &a, Tracer &b) {
  Tracer &chosen = co_await pick(a, b, 1);
  co_await wake_yield(0);
  std::printf("chosen %s, same object: %d\n", chosen.name, &chosen == &b);
  (co_await pick(a, b, 0)).name = "a renamed";
  Tracer taken(co_await give(chosen));
  std::printf("taken %s\n", taken.name);
}

int main() {
  Tracer a("a"), b("b");
  std::puts("begin");
  unawait::block_on(caller(a, b));
  std::printf("a is now %s\n", a.name);
}
// OUT: +a
// OUT-NEXT: +b
// OUT-NEXT: begin
// OUT-NEXT: chosen b, same object: 1
// OUT-NEXT: +b (move)
// OUT-NEXT: taken b
// OUT-NEXT: -b
// OUT-NEXT: a is now a renamed
// OUT-NEXT: -b
// OUT-NEXT: -a renamed
