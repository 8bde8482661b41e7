// A member call whose argument awaits: C++ evaluates the object expression
// first; the member function itself is fixed (a fuzzer finding: the tool
// crashed measuring a frame temporary of the bound member function).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

struct Obj {
  int add(int d) { return v += d; }
  int v = 0;
};

UNAWAIT_ASYNC unawait::Async<int> f0() {
  Obj a;
  Obj *p = &a;
  int first = a.add(co_await wake_yield(1));
  co_return p->add(co_await wake_yield(2)) + first;
}

int main() { std::printf("%d\n", unawait::block_on(f0())); }
// OUT: 4
