// A structured binding whose type depends on template arguments, in a block
// the rewrite takes apart: which member, element or get<I> each name reads is
// known only per instance, so the class template cannot spell it yet.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

template <class T> struct Pair {
  T a;
  T b;
};

template <class T> struct ReadyPair {
  using output_type = Pair<T>;
  unawait::Poll<Pair<T>> poll(unawait::Context &) { return unawait::ready(Pair<T>{1, 2}); }
};

template <class T> UNAWAIT_ASYNC unawait::Async<T> sum() {
  // CHECK: dependent-structured-binding.cpp:[[@LINE+1]]:9: error: a structured binding whose type depends on template arguments, in a block or statement with a co_await is not supported yet: which element each name reads is known only per instance; declare a variable and read its members (or std::get<I>)
  auto [a, b] = co_await ReadyPair<T>{};
  co_return a + b;
}

int main() { return unawait::block_on(sum<int>()) == 3 ? 0 : 1; }
// CHECK: 1 error generated.
