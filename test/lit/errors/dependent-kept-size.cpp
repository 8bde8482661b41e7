// An instance whose frame keeps an object of a class template's instance
// over a generated class (std::optional<F> with F = leaf_future, where clang
// deduced unawait::Async<int>) is an error at the call: its size is not in
// clang's AST. An array of F is rewritten (rewrite/dependent-kept-array.cpp).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

#include <optional>

UNAWAIT_ASYNC unawait::Async<int> leaf(int n) { co_return co_await ready(n); }

template <class F> UNAWAIT_ASYNC unawait::Async<int> maybe(F future) {
  // CHECK-DAG: dependent-kept-size.cpp:[[@LINE+1]]:20: note: 'held' is declared here
  std::optional<F> held(std::move(future));
  co_return co_await *held;
}

// CHECK-DAG: dependent-kept-size.cpp:[[@LINE+1]]:38: error: an instance of a function template with a generated class as a template argument, whose frame keeps an object, or a closure holding one, of a type built from that argument other than an array of it is not supported yet: clang's AST has unawait::Async<T> for the argument, so the object's size is unknown; keep the object as 'F' or 'F[N]', or behind a pointer ('maybe<leaf_future>' keeps 'std::optional<F>')
int use() { return unawait::block_on(maybe(leaf(1))); }
