// Parameters read only by a catch handler stay in the frame while the try
// block builds objects: a throw there continues in the handler (a fuzzer
// finding: an object built after the await shared their storage, and the
// handler printed garbage).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

struct Boom {
  int code;
};

struct Throwing : Tracer {
  explicit Throwing(int v) : Tracer("throwing") { throw Boom{v}; }
};

UNAWAIT_ASYNC unawait::Async<int> f(int a0, int a1) {
  try {
    int v2 = co_await wake_yield(6);
    Throwing o3(v2);
  } catch (const Boom &e) {
    std::printf("caught %d: a0 %d a1 %d\n", e.code, a0, a1);
  }
  co_return 0;
}

int main() { std::printf("%d\n", unawait::block_on(f(1, 2))); }
// OUT: +throwing
// OUT-NEXT: -throwing
// OUT-NEXT: caught 6: a0 1 a1 2
// OUT-NEXT: 0
