// A parenthesized initialization in a template's pattern that initialises
// an aggregate in one instance (C++17: braces) and calls a constructor in
// another (parentheses): the template is emitted once, so it is an error.
// The same when a narrowing element comes from a pack expansion (its cast
// would need each element's own type).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Aggregate {
  int first;
  int second;
};

struct Constructed {
  Constructed(int a, int b) : first(a + b) {}
  int first;
};

template <class T> UNAWAIT_ASYNC unawait::Async<int> mixed() {
  // CHECK: paren-init-in-some-instances.cpp:[[@LINE+1]]:31: error: a parenthesized initialization `T(a, b)` in a template that initialises an aggregate in one instance and calls a constructor in another cannot be rewritten: C++17 spells the aggregate's initialization with braces, which would change the constructor call's meaning, and the template is emitted once for both; write braces, or construct the two kinds apart
  T value(1, co_await ready(2));
  co_return value.first;
}

template <class... Ts> UNAWAIT_ASYNC unawait::Async<int> packed(Ts... xs) {
  co_await ready(0);
  // CHECK: paren-init-in-some-instances.cpp:[[@LINE+1]]:23: error: a narrowing conversion, in a parenthesized aggregate initialization in a template, of an element of a pack expansion or into an anonymous member cannot be rewritten
  Aggregate made(xs...);
  co_return made.first;
}

int main() {
  unawait::block_on(mixed<Aggregate>());
  unawait::block_on(mixed<Constructed>());
  unawait::block_on(packed(1.5, 2));
}
// CHECK: 2 errors generated.
