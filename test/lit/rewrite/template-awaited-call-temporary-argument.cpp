// Found by the fuzzer (seed 6000158, once templates could await several
// times in a statement): in a template, an argument of an awaited call
// that depends on template arguments (`a + 1`, `+co_await f()`), which an
// instance binds to the callee's reference parameter (`const Ts &...`) as a
// temporary. clang's pattern shows no temporary there, so the rewrite built
// the awaitee in a statement of its own, at whose end the temporary died,
// and the callee's frame read it after (AddressSanitizer:
// stack-use-after-return). The argument is now kept in the frame, like a
// temporary of a non-dependent call, until the full-expression ends.
// A scalar one that does not depend on template arguments (`+3`, seed
// 9000012) is built in its unawait::detail::bound too (it was assigned to
// it: the output did not compile).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
#include "Inputs/test_futures.hpp"

template <class... Ts>
UNAWAIT_ASYNC unawait::Async<int> total(int first, const Ts &...rest) {
  co_await wake_yield(0);
  co_return (first + ... + int(rest));
}

/// Trivially copyable, so that a value of it may wait in the frame.
struct Num {
  Num(int v) : v(v) {}
  explicit operator int() const { return v; }
  Num operator+(int more) const { return Num(v + more); }
  int v;
};

template <class T>
UNAWAIT_ASYNC unawait::Async<int> caller(T a) {
  int kept = 2;
  int sum = co_await total(0, a + 1, kept);
  sum += co_await total(1, +co_await wake_yield(int(a)), a + 2);
  sum += co_await total(2, +3, +co_await wake_yield(1), a);
  co_return sum;
}

int main() {
  std::printf("%d\n", unawait::block_on(caller(3)));
  std::printf("%d\n", unawait::block_on(caller(Num(4))));
  poll_then_drop(caller(5), 2);
  poll_then_drop(caller(Num(6)), 3);
}
// OUT: 24
// OUT-NEXT: 28
// OUT-NEXT: dropped after 2 polls
// OUT-NEXT: dropped after 3 polls
