// `co_return local;` moves from a local (an implicitly movable entity, as in
// C++20), whether the local is kept in the frame or not (issue 8, item 3).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"
#include <memory>

UNAWAIT_ASYNC unawait::Async<std::unique_ptr<int>> make(int n) {
  auto p = std::make_unique<int>(n);
  co_await unawait::yield_now();
  co_return p;
}

UNAWAIT_ASYNC unawait::Async<Tracer> traced() {
  Tracer kept("kept");
  co_await unawait::yield_now();
  co_return kept;
}

UNAWAIT_ASYNC unawait::Async<Tracer> not_kept() {
  co_await unawait::yield_now();
  Tracer local("local");
  co_return local;
}

int main() {
  std::printf("make: %d\n", *unawait::block_on(make(3)));
  {
    Tracer t = unawait::block_on(traced());
    std::printf("got %s\n", t.name);
  }
  {
    Tracer t = unawait::block_on(not_kept());
    std::printf("got %s\n", t.name);
  }
}
// OUT: make: 3
// OUT-NEXT: +kept
// OUT-NEXT: +kept (move)
// OUT-NOT: (copy)
// OUT: got kept
// OUT: +local
// OUT-NEXT: +local (move)
// OUT-NOT: (copy)
// OUT: got local
