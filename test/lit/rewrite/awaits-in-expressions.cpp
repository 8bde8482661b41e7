// Several awaits in one full-expression, and awaits inside every kind of
// operand: what C++ evaluates before an await is evaluated before it (into a
// frame temporary when its value is needed after it), in C++17's order, and
// left to right where the order is unspecified, as clang does.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

int counter = 0;
int bump(const char *why) {
  std::printf("bump %s\n", why);
  return ++counter;
}

struct Log {
  const Log &operator<<(int v) const {
    std::printf("<< %d\n", v);
    return *this;
  }
};
const Log out;

/// Ready with another future: `co_await co_await make_yield(6)`.
struct MakeYield {
  using output_type = WakeYield;
  int value;
  unawait::Poll<WakeYield> poll(unawait::Context &) {
    return unawait::ready(WakeYield{value});
  }
};

/// Adds 10 to *where when it completes, returns 100.
struct BumpAt {
  using output_type = int;
  int *where;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    *where += 10;
    return unawait::ready(100);
  }
};

int add(int a, int b) { return a + b; }

UNAWAIT_ASYNC unawait::Async<int> expressions() {
  int a = co_await wake_yield(1) + co_await wake_yield(2);
  int b = bump("before") + co_await wake_yield(10);
  std::printf("args %d %d\n", bump("arg"), co_await wake_yield(3));
  out << bump("first") << co_await wake_yield(4) << bump("last");
  int values[2] = {0, 0};
  values[co_await wake_yield(1)] = co_await wake_yield(5);
  int c = co_await co_await MakeYield{6};
  int x = 1;
  int d = x + co_await BumpAt{&x};
  int e = add(co_await wake_yield(7), add(counter, co_await wake_yield(8)));
  (void)(co_await unawait::yield_now(), bump("after the comma"));
  std::printf("a=%d b=%d values=%d c=%d d=%d x=%d e=%d\n", a, b, values[1], c, d,
              x, e);
  co_return a + b + values[1] + c + d + e;
}

int main() { std::printf("result %d\n", unawait::block_on(expressions())); }
// OUT: bump before
// OUT-NEXT: bump arg
// OUT-NEXT: args 2 3
// OUT-NEXT: bump first
// OUT-NEXT: << 3
// OUT-NEXT: << 4
// OUT-NEXT: bump last
// OUT-NEXT: << 4
// OUT-NEXT: bump after the comma
// OUT-NEXT: a=3 b=11 values=5 c=6 d=101 x=11 e=19
// OUT-NEXT: result 145
