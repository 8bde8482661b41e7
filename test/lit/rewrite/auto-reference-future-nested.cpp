// `auto &&f = g(...)`, a reference extending g's future, with g annotated
// and `f` only awaited later: like `auto f = g(...)` (auto-future-nested.cpp),
// the frame keeps g's generated class as the extended temporary, not the
// unawait::Async<T> clang deduced (a box on the heap before). The tracer
// shows g's parameter made once and moved once, and ended when g completes,
// as the coroutine's frame ends; poll_then_drop cancels the caller after
// each number of polls.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait sizes --no-heap %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> leaf(Tracer t, int n) {
  co_await wake_yield(0);
  std::printf("leaf %s\n", t.name);
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> caller() {
  int sum = 0;
  {
    auto &&pending = leaf(Tracer("pending"), 1);
    std::printf("made\n");
    co_await wake_yield(0);
    sum += co_await pending;
    std::printf("awaited\n");
  }
  std::printf("scope ended\n");
  co_return sum;
}

int main() {
  std::printf("sum %d\n", unawait::block_on(caller()));
  for (int polls = 1; polls <= 3; ++polls)
    poll_then_drop(caller(), polls);
}
// OUT: +pending
// OUT-NEXT: +pending (move)
// OUT-NEXT: -pending
// OUT-NEXT: made
// OUT-NEXT: leaf pending
// OUT-NEXT: -pending
// OUT-NEXT: awaited
// OUT-NEXT: scope ended
// OUT-NEXT: sum 1
// OUT: dropped after 1 polls
// OUT: dropped after 2 polls
// SHAPE: {{^ *}}leaf_future pending;
// SIZES: local `pending`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `leaf_future`: awaited here
// SIZES-NOT: box
