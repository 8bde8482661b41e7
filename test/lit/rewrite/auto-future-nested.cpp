// `auto f = g(...)` with g annotated, and `f` only awaited later (`co_await
// f` or `co_await std::move(f)`): the frame keeps g's generated class, the
// type the rewritten declaration deduces, not the unawait::Async<T> clang
// deduced (which would box the frame on the heap). A function template's
// instance too. The tracer shows g's parameter made once and moved once,
// as in the coroutine (the frame takes it by one move), and ended with g's
// frame; poll_then_drop cancels the caller after each number of polls.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait sizes --no-heap %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> leaf(Tracer t, int n) {
  co_await wake_yield(0);
  std::printf("leaf %s\n", t.name);
  co_return n;
}

template <class T>
UNAWAIT_ASYNC unawait::Async<T> twice(T v) {
  co_await wake_yield(0);
  co_return v * 2;
}

UNAWAIT_ASYNC unawait::Async<int> caller() {
  auto first = leaf(Tracer("first"), 1);
  auto second = leaf(Tracer("second"), 2);
  auto third = twice(20L);
  std::printf("made\n");
  int sum = co_await second;
  std::printf("second done\n");
  sum += co_await std::move(first);
  sum += static_cast<int>(co_await third);
  co_return sum;
}

int main() {
  std::printf("sum %d\n", unawait::block_on(caller()));
  for (int polls = 1; polls <= 3; ++polls)
    poll_then_drop(caller(), polls);
}
// OUT: +first
// OUT-NEXT: +first (move)
// OUT-NEXT: -first
// OUT-NEXT: +second
// OUT-NEXT: +second (move)
// OUT-NEXT: -second
// OUT-NEXT: made
// OUT-NEXT: leaf second
// OUT-NEXT: -second
// OUT-NEXT: second done
// OUT-NEXT: leaf first
// OUT-NEXT: -first
// OUT: sum 43
// OUT: dropped after 1 polls
// OUT: dropped after 3 polls
// SHAPE: {{^ *}}leaf_future first;
// SHAPE: {{^ *}}leaf_future second;
// SHAPE: {{^ *}}std::remove_reference_t<decltype((twice(20L)))> third;
// SIZES: local `second`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `leaf_future`: awaited here
