// Found by the fuzzer (seeds 6000009, 6000019, 6000034 and 6000045, once
// templates could await several times in a statement): in a function
// template, an argument of an awaited call evaluated before a later await
// of the same call's arguments, of a type that depends on template
// arguments (`co_await yv(6) * 2` and `+co_await yv(6)` are dependent
// there), is kept as a dependent early value; the awaitee's type, spelled
// from the call, named that value, whose type was spelled from its own
// expression holding the hole that names it: the tool recursed until its
// stack overflowed. A parenthesized await value is handed on as an await's
// value is (design.md, "Expressions"), not as a dependent early value.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
#include "Inputs/test_futures.hpp"

template <class... Ts>
UNAWAIT_ASYNC unawait::Async<int> sum(Ts... values) {
  co_await wake_yield(0);
  co_return (0 + ... + int(values));
}

template <class T>
UNAWAIT_ASYNC unawait::Async<int> caller(T a) {
  int total = co_await sum(co_await wake_yield(6) * 2, +co_await wake_yield(int(a)));
  total += co_await sum(+co_await wake_yield(1), (co_await wake_yield(2)), co_await wake_yield(3));
  co_return total;
}

int main() {
  std::printf("%d\n", unawait::block_on(caller(7)));
  poll_then_drop(caller(8), 3);
}
// OUT: 25
