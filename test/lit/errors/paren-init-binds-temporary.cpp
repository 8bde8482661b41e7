// C++20's parenthesized aggregate initialization binding a temporary to a
// reference member: the temporary ends with the full-expression
// ([class.temporary]/6), where the C++17 spelling the rewrite writes, a
// braced list, would extend it to the aggregate's lifetime. Rejected at the
// element, with or without an await in the list.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Noisy {
  int value;
  ~Noisy() {}
};

struct Holder {
  const Noisy &held;
  int extra;
};

UNAWAIT_ASYNC unawait::Async<int> temporary_bound() {
  // CHECK: paren-init-binds-temporary.cpp:[[@LINE+1]]:12: error: a parenthesized aggregate initialization `Agg(...)` binding a temporary to a reference member is not supported yet: its C++17 spelling, a braced list, would extend the temporary's lifetime, which C++20's parentheses do not; bind the member to a variable, or write `Agg{...}` if the longer lifetime is meant
  Holder h(Noisy{1}, co_await ready(2));
  co_return h.extra;
}

UNAWAIT_ASYNC unawait::Async<int> no_await() {
  co_await ready(0);
  // CHECK: paren-init-binds-temporary.cpp:[[@LINE+1]]:12: error: a parenthesized aggregate initialization
  Holder h(Noisy{3}, 4);
  co_return h.extra;
}

// CHECK: 2 errors generated.
