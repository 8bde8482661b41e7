// Found by the fuzzer (seed 7000038, once templates could await several
// times in a statement): in a template, `(a ? 8 : co_await f(a))` before a
// later await of the same expression is a dependent early value whose type
// the rewrite spells as decltype((...)) of the expression, in which the ?:'s
// result, kept in a frame temporary, read as an lvalue: the frame kept a
// reference where the report, from clang's instance, measured an int, and
// the size assertions failed (64 bytes against 56). A prvalue's value kept
// in the frame is spelled as a prvalue (unawait::detail::unevaluated<T>()).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: %clangxx17 -I%S -fsyntax-only %t.asserts.cpp
#include "Inputs/test_futures.hpp"

template <class T>
UNAWAIT_ASYNC unawait::Async<int> caller(T a) {
  int sum = (a ? 8 : co_await wake_yield(int(a) + 1)) + co_await wake_yield(int(a));
  sum += (co_await wake_yield(2) ? co_await wake_yield(3) : 4) * co_await wake_yield(5);
  co_return sum;
}

int main() {
  std::printf("%d\n", unawait::block_on(caller(0)));
  std::printf("%d\n", unawait::block_on(caller(2L)));
  poll_then_drop(caller(0), 2);
}
// OUT: 16
// OUT-NEXT: 25
// OUT-NEXT: dropped after 2 polls
