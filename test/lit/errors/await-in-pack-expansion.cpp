// A co_await in a fold expression or a pack expansion is an error at the
// expansion: every element would need its own suspension point.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

int sum3(int a, int b, int c) { return a + b + c; }

template <class... Futures>
UNAWAIT_ASYNC unawait::Async<int> fold(Futures... futures) {
  // CHECK: await-in-pack-expansion.cpp:[[@LINE+1]]:13: error: a co_await inside a pack expansion or a fold expression cannot be rewritten: each element would need a suspension point of its own, and a state machine has a fixed number; await unawait::join(f(args)...) instead
  co_return (0 + ... + co_await futures);
}

template <class... Futures>
UNAWAIT_ASYNC unawait::Async<int> expand(Futures... futures) {
  // CHECK: await-in-pack-expansion.cpp:[[@LINE+1]]:18: error: a co_await inside a pack expansion or a fold expression cannot be rewritten
  co_return sum3((co_await futures)...);
}

int main() {
  auto a = fold(ready(1), ready(2));
  auto b = expand(ready(1), ready(2), ready(3));
  return 0;
}
