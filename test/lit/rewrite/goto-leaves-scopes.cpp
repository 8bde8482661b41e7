// A goto out of nested scopes ends the kept objects of every scope it
// leaves, youngest first, before it jumps, as C++ does; the objects of the
// scope it lands in stay (issue 9).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<void> search(int target) {
  Tracer outer("outer");
  // golden begin
  for (int i = 0; i < 2; ++i) {
    Tracer row("row");
    for (int j = 0; j < 2; ++j) {
      Tracer cell("cell");
      co_await wake_yield(j);
      if (i * 2 + j == target)
        goto found;
    }
  }
  // golden end
  std::puts("not found");
  co_return;
found:
  std::printf("found %d\n", target);
}

int main() {
  unawait::block_on(search(2));
  unawait::block_on(search(5));
}
// OUT: +outer
// OUT-NEXT: +row
// OUT-NEXT: +cell
// OUT-NEXT: -cell
// OUT-NEXT: +cell
// OUT-NEXT: -cell
// OUT-NEXT: -row
// OUT-NEXT: +row
// OUT-NEXT: +cell
// OUT-NEXT: -cell
// OUT-NEXT: -row
// OUT-NEXT: found 2
// OUT-NEXT: -outer
// OUT: not found
// OUT-NEXT: -outer
