// An annotated member function of a class declared inside a function: its
// generated class is nested in the local class like any member's (the live
// bits are an enumeration: a local class has no static data members). A
// member of the same class awaiting it names its class; an annotated
// function template instantiated with it keeps it like any argument; an
// annotated caller outside the function could not name it and keeps it
// erased.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
#include "Inputs/test_futures.hpp"

template <class F>
UNAWAIT_ASYNC unawait::Async<int> plus_one(F future) {
  int got = co_await future;
  co_return got + 1;
}

// CHECK: {{^ *}}struct Live {
// CHECK-NEXT: {{^ *}}enum : unsigned char {
// CHECK-NEXT: {{^ *}}t = 1ull << 0,
// CHECK: {{^ *}}/// the future awaited at Suspend0 (line [[#@LINE+12]]); held at Suspend0
// CHECK-NEXT: {{^ *}}Accumulator::add_future future0;
int run(int base) {
  struct Accumulator {
    int total;
    UNAWAIT_ASYNC unawait::Async<int> add(int n) {
      Tracer t("add");
      co_await wake_yield(n);
      total += n;
      co_return total;
    }
    UNAWAIT_ASYNC unawait::Async<int> add_twice(int n) {
      int a = co_await add(n);
      co_return a + co_await add(n + 1);
    }
  };
  Accumulator acc{base};
  int first = unawait::block_on(acc.add(1));
  poll_then_drop(acc.add(100), 1);
  int second = unawait::block_on(acc.add_twice(2));
  int third = unawait::block_on(plus_one(acc.add(5)));
  return first * 1000000 + second * 1000 + third;
}

int main() { std::printf("%d\n", run(10)); }
// OUT: +add
// OUT-NEXT: -add
// OUT-NEXT: +add
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -add
// OUT-NEXT: +add
// OUT-NEXT: -add
// OUT-NEXT: +add
// OUT-NEXT: -add
// OUT-NEXT: +add
// OUT-NEXT: -add
// OUT-NEXT: 11029022

