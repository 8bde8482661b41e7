// Temporaries the frame cannot hold across an await: the elements of an
// initializer_list, and a lambda with a destructor (its type has no name).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <initializer_list>
#include <string>

Ready sum(std::initializer_list<int> values) {
  int total = 0;
  for (int v : values)
    total += v;
  return ready(total);
}

template <class F> Ready call(const F &f) { return ready(f()); }

UNAWAIT_ASYNC unawait::Async<int> elements() {
  // CHECK: temporaries-not-rewritten.cpp:[[@LINE+1]]:26: error: a std::initializer_list whose elements live across a co_await is not supported yet: build a std::array (or a container) in a variable first
  co_return co_await sum({1, 2, 3});
}

UNAWAIT_ASYNC unawait::Async<int> closure() {
  std::string text = "abc";
  // CHECK: temporaries-not-rewritten.cpp:[[@LINE+1]]:27: error: a temporary of a lambda or local class with a destructor alive across a co_await cannot be rewritten: its type cannot be named outside the function; declare the object before the statement
  co_return co_await call([text] { return static_cast<int>(text.size()); });
}
