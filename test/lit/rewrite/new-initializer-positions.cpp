// new T(init) whose initializer awaits, in other positions: two awaits in
// one initializer with a third await after the new-expression in the same
// call (the pointer waits in the frame), an if-statement's init, a try
// block whose awaited future throws while the memory is held (freed, then
// the handler runs), and an annotated lambda. See new-initializer-awaits.cpp
// for the allocation itself.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/lambda_tracers.hpp"
#include "Inputs/test_futures.hpp"
#include <memory>
#include <stdexcept>

struct Pair {
  Pair(int a, int b) : a(a), b(b) { std::printf("pair %d %d\n", a, b); }
  int a, b;
};

int take(Pair *p, int extra) {
  std::unique_ptr<Pair> owned(p);
  return p->a + p->b + extra;
}

UNAWAIT_ASYNC unawait::Async<int> shapes(int v) {
  int total = take(new Pair(co_await traced("a", v), co_await traced("b", 2)), co_await traced("c", 3));
  if (std::unique_ptr<Pair> p{new Pair(1, co_await traced("d", 4))}; p->b > 3)
    total += p->b;
  try {
    std::unique_ptr<Pair> q(new Pair(1, co_await Throws{"boom"}));
    total += q->a;
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
  }
  auto lambda = [v] UNAWAIT_ASYNC () -> unawait::Async<int> {
    std::unique_ptr<int> n(new int(co_await traced("lambda", v)));
    co_return *n;
  };
  total += co_await lambda();
  co_return total;
}

int main() { std::printf("shapes = %d\n", unawait::block_on(shapes(1))); }

// OUT: poll a
// OUT-NEXT: poll a
// OUT-NEXT: poll b
// OUT-NEXT: poll b
// OUT-NEXT: pair 1 2
// OUT-NEXT: poll c
// OUT-NEXT: poll c
// OUT-NEXT: poll d
// OUT-NEXT: poll d
// OUT-NEXT: pair 1 4
// OUT-NEXT: caught boom
// OUT-NEXT: poll lambda
// OUT-NEXT: poll lambda
// OUT-NEXT: shapes = 11
