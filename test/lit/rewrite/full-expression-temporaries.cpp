// Temporaries of a full-expression that awaits live until the
// full-expression ends, after the await, as in C++: a temporary bound to a
// reference parameter of the awaited call, a value bound to `const int &`
// of an awaited async function, a lambda closure passed to an awaited call;
// destroyed youngest first, also when the future is dropped (issue 8,
// item 8).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

/// Keeps a reference to its argument and reads it when polled.
struct Later {
  using output_type = int;
  const Tracer &kept;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    std::printf("later reads %s\n", kept.name);
    return unawait::ready(1);
  }
};
Later later(const Tracer &t) { return Later{t}; }

UNAWAIT_ASYNC unawait::Async<int> leaf(const int &b) {
  co_await unawait::yield_now();
  co_return b;
}

template <class F> struct Calls {
  using output_type = int;
  const F &f;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready(f());
  }
};
template <class F> Calls<F> calls(const F &f) { return Calls<F>{f}; }

UNAWAIT_ASYNC unawait::Async<int> temporaries(int x) {
  int a = co_await later(Tracer("tmp"));
  std::printf("after the first await\n");
  int b = co_await leaf(x * 2);
  int c = co_await calls([&] { return x + 1; });
  co_return a + b + c;
}

int main() {
  std::printf("result %d\n", unawait::block_on(temporaries(20)));
  poll_then_drop(temporaries(1), 1);
}
// OUT: +tmp
// OUT-NEXT: later reads tmp
// OUT-NEXT: -tmp
// OUT-NEXT: after the first await
// OUT-NEXT: result 62
// OUT-NEXT: +tmp
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -tmp
