// A co_await inside a larger expression is rewritten by running the await
// first; where that could change what the program does, it is an error at
// the part that would move (or at the await), in each function.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

int counter = 0;
int bump() { return ++counter; }
Ready ready_at(int *where) { return ready(*where); }
struct Empty {
  using output_type = void;
  unawait::Poll<void> poll(unawait::Context &) { return unawait::ready(); }
};

UNAWAIT_ASYNC unawait::Async<int> two_awaits() {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:31: error: co_await inside a larger expression is not supported here: this is the second co_await of the statement; await into a variable first
  int a = co_await ready(1) + co_await ready(2);
  co_return a;
}

UNAWAIT_ASYNC unawait::Async<int> side_effect_first() {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:11: error: co_await inside a larger expression is not supported here: this has side effects, and the rewrite would evaluate it after the co_await; await into a variable first
  int a = bump() + co_await ready(1);
  co_return a;
}

UNAWAIT_ASYNC unawait::Async<int> variable_given_to_the_future() {
  int x = 1;
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:13: error: co_await inside a larger expression is not supported here: 'x' is also given to the awaited future, and the rewrite would evaluate it after the co_await; await into a variable first
  co_return x + co_await ready_at(&x);
}

UNAWAIT_ASYNC unawait::Async<int> escaped_address() {
  int x = 1;
  int *p = &x;
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:13: error: co_await inside a larger expression is not supported here: the address of 'x' escapes, and the rewrite would evaluate it after the co_await; await into a variable first
  co_return x + co_await ready_at(p);
}

UNAWAIT_ASYNC unawait::Async<int> global_read_first() {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:13: error: co_await inside a larger expression is not supported here: 'counter' is not a local variable, and the rewrite would evaluate it after the co_await; await into a variable first
  co_return counter + co_await ready(1);
}

UNAWAIT_ASYNC unawait::Async<int> after_and(bool flag) {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:20: error: co_await inside a larger expression is not supported here: it is evaluated only if the left side of && is true
  bool b = flag && co_await ready(1);
  co_return b;
}

UNAWAIT_ASYNC unawait::Async<int> conditional_operand(bool flag) {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:24: error: co_await inside a larger expression is not supported here: it is evaluated only if the condition of ?: selects it
  co_return flag ? 0 : co_await ready(2);
}

UNAWAIT_ASYNC unawait::Async<int> no_value() {
  // CHECK: await-in-larger-expression.cpp:[[@LINE+1]]:10: error: co_await inside a larger expression is not supported here: its future produces no value
  (void)(co_await Empty{}, 1);
  co_return 0;
}
