// A type error in user code between two awaits, hidden from unawait by SCALE
// (an int when unawait parses it, a string literal when the rewrite is
// compiled): cli/line-directives-compile-error.test.
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> step(int n) {
  co_await unawait::yield_now();
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> total(int n) {
  int first = co_await step(n);
  int scaled = first * SCALE;
  int second = co_await step(scaled);
  co_return second;
}
