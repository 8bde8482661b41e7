// A parameter read only by the handler of a try block that comes after the
// await stays in the frame across it: clang's CFG has no edge from a
// throwing constructor to the handler (a fuzzer finding, seed 100415: the
// awaited future shared the parameter's storage and the handler printed 1
// where coroutines print 6).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

struct Boom {
  int code;
};

struct Throwing : Tracer {
  explicit Throwing(int v) : Tracer("throwing") {
    if (v > 0)
      throw Boom{v};
  }
};

UNAWAIT_ASYNC unawait::Async<int> f(int a0, int a1) {
  co_await wake_yield(1);
  try {
    Throwing o2(a0);
  } catch (const Boom &e) {
    std::printf("caught %d: a1 %d\n", e.code, a1);
  }
  co_return 0;
}

int main() {
  std::printf("%d\n", unawait::block_on(f(0, 5)));
  std::printf("%d\n", unawait::block_on(f(3, 6)));
}
// OUT: +throwing
// OUT-NEXT: -throwing
// OUT-NEXT: 0
// OUT-NEXT: +throwing
// OUT-NEXT: -throwing
// OUT-NEXT: caught 3: a1 6
// OUT-NEXT: 0
