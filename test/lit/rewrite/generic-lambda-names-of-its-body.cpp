// A generic annotated lambda whose body declares `g1`, the name the frame
// gives its first group of members (the temporaries of one statement that
// share storage). The names the frame takes must avoid every identifier
// of the lambda: a generic lambda's call operator template has no source
// range of its own, and before the fix the lambda's identifiers were not
// seen, so the declaration `Agg g1{...}` hid the group its own initializer
// reads (fuzz seed 400157: the rewrite did not compile).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/test_futures.hpp"

#ifdef __clang__
#pragma clang diagnostic ignored "-Wc++23-lambda-attributes"
#endif

struct Obj {
  Obj(const char *name, int v) : name(name), v(v) { std::printf("+%s\n", name); }
  ~Obj() { std::printf("-%s\n", name); }
  const char *name;
  int v;
};
struct Agg {
  int n;
  Obj o;
};
int tr(int v) {
  std::printf("tr %d\n", v);
  return v;
}
UNAWAIT_ASYNC unawait::Async<int> one() {
  co_await wake_yield(0);
  co_return 1;
}

int main() {
  auto lambda = [=] UNAWAIT_ASYNC (int a0, auto a1) -> unawait::Async<int> {
    co_await one();
    Agg g1(5, Obj("g1.o", (tr(0) || (co_await one() ? int(a1) : tr(a0)))));
    co_return g1.n + g1.o.v;
  };
  std::printf("result %d\n", unawait::block_on(lambda(1, 2)));
}
// OUT: tr 0
// OUT-NEXT: +g1.o
// OUT-NEXT: -g1.o
// OUT-NEXT: result 6
// SHAPE: {{^ *}}Agg g1{5, Obj((*g1_1.{{[a-z0-9]+}}), (g1_1.{{[a-z0-9]+}}))};
