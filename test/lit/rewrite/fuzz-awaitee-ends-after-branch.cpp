// Found by the fuzzer (seed 10000465, once it generated selects): an
// awaitee with a destructor that is not a generated class (here a select
// built in place) ends with its full-expression, as C++'s temporary does;
// awaited in an operand C++ may skip (`4 && pick(co_await select(...))`),
// it was laid out as if it ended with the branch, so the later awaits of the
// same full-expression shared its storage, and its end read their bytes
// (UBSan: a bool loaded as 2). It now stays in the frame to the end of the
// full-expression on every path, cancellation included.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
#include "Inputs/test_futures.hpp"
#include <variant>

UNAWAIT_ASYNC unawait::Async<int> fast(int v) {
  Tracer t("fast");
  co_await wake_yield(0);
  co_return v;
}

UNAWAIT_ASYNC unawait::Async<int> slow(int v) {
  Tracer t("slow");
  co_await Countdown{3};
  co_return v + 1;
}

int pick(const std::variant<int, int> &won) {
  return static_cast<int>(won.index()) * 100 + (won.index() ? std::get<1>(won) : std::get<0>(won));
}

UNAWAIT_ASYNC unawait::Async<int> first(int v) {
  co_await wake_yield(0);
  co_return v;
}

UNAWAIT_ASYNC unawait::Async<int> later(int v) {
  co_await Countdown{3};
  co_return v + 1;
}

UNAWAIT_ASYNC unawait::Async<int> top(int x) {
  co_return ((4 && pick(co_await unawait::select(first(x), later(x)))) &&
             co_await first(co_await wake_yield(x))) % 1000;
}

UNAWAIT_ASYNC unawait::Async<int> choice(int x) {
  int r = x > 1 ? pick(co_await unawait::select(slow(x), fast(x))) : 7;
  r += co_await fast(co_await wake_yield(r));
  co_return r;
}

int main() {
  std::printf("top = %d\n", unawait::block_on(top(3)));
  std::printf("top = %d\n", unawait::block_on(top(0)));
  std::printf("choice = %d\n", unawait::block_on(choice(2)));
  std::printf("choice = %d\n", unawait::block_on(choice(1)));
  for (int polls = 1; polls <= 4; ++polls)
    poll_then_drop(top(3), polls);
}

// OUT: top = 1
// OUT-NEXT: top = 0
// OUT-NEXT: +slow
// OUT-NEXT: +fast
// OUT-NEXT: -fast
// OUT-NEXT: -slow
// OUT-NEXT: +fast
// OUT-NEXT: -fast
// OUT-NEXT: choice = 204
// OUT-NEXT: +fast
// OUT-NEXT: -fast
// OUT-NEXT: choice = 14
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: dropped after 2 polls
// OUT-NEXT: dropped after 3 polls
// OUT-NEXT: ready after 4 polls
