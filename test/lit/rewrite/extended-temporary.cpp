// A temporary bound to a reference lives as long as the reference: kept
// across an await, the frame holds the temporary itself.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

Tracer make(const char *name) { return Tracer(name); }

UNAWAIT_ASYNC unawait::Async<int> extended() {
  const Tracer &t = Tracer("extended");
  Tracer &&u = make("rvalue");
  co_await wake_yield(0);
  std::printf("%s %s\n", t.name, u.name);
  const int &n = 5;
  co_await wake_yield(0);
  co_return n;
}

int main() { std::printf("extended = %d\n", unawait::block_on(extended())); }
// OUT: +extended
// OUT-NEXT: +rvalue
// OUT-NEXT: extended rvalue
// OUT-NEXT: -rvalue
// OUT-NEXT: -extended
// OUT-NEXT: extended = 5
