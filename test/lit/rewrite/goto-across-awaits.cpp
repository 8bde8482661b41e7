// goto across suspension points: backwards to a label before an await (the
// jump ends the kept object declared after the label, as C++ does) and
// forwards past an await (issue 9). Dropping the future after every number
// of polls shows the live bits follow the jumps.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> retry(int tries) {
  // golden begin
  int attempts = 0;
again:
  Tracer attempt("attempt");
  co_await TracedYield("wait");
  if (++attempts < tries)
    goto again;
  if (attempts == 2)
    goto skip;
  co_await TracedYield("skipped by 2");
skip:
  co_return attempts;
  // golden end
}

int main() {
  std::printf("retry(2) = %d\n", unawait::block_on(retry(2)));
  std::printf("retry(3) = %d\n", unawait::block_on(retry(3)));
  for (int polls = 0; polls <= 4; ++polls) {
    std::printf("== %d polls\n", polls);
    poll_then_drop(retry(3), polls);
  }
}
// OUT: +attempt
// OUT-NEXT: +wait
// OUT-NEXT: -wait
// OUT-NEXT: -attempt
// OUT-NEXT: +attempt
// OUT-NEXT: +wait
// OUT-NEXT: -wait
// OUT-NEXT: -attempt
// OUT-NEXT: retry(2) = 2
// OUT: -wait
// OUT-NEXT: +skipped by 2
// OUT-NEXT: -skipped by 2
// OUT-NEXT: -attempt
// OUT-NEXT: retry(3) = 3
// OUT: == 2 polls
// OUT-NEXT: +attempt
// OUT-NEXT: +wait
// OUT-NEXT: -wait
// OUT-NEXT: -attempt
// OUT-NEXT: +attempt
// OUT-NEXT: +wait
// OUT-NEXT: dropped after 2 polls
// OUT-NEXT: -wait
// OUT-NEXT: -attempt
// OUT-NEXT: == 3 polls
