// Temporaries the frame cannot hold across an await: the elements of an
// initializer_list that have destructors, and a lambda with a destructor (its
// type has no name).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <initializer_list>
#include <string>

Ready count(std::initializer_list<std::string> values) {
  return ready(static_cast<int>(values.size()));
}

template <class F> Ready call(const F &f) { return ready(f()); }

UNAWAIT_ASYNC unawait::Async<int> elements() {
  // CHECK: temporaries-not-rewritten.cpp:[[@LINE+1]]:28: error: a std::initializer_list of objects with destructors whose elements live across a co_await is not supported yet: build a std::array (or a container) in a variable first (its elements have destructors)
  co_return co_await count({std::string("a"), std::string("b")});
}

UNAWAIT_ASYNC unawait::Async<int> closure() {
  std::string text = "abc";
  // CHECK: temporaries-not-rewritten.cpp:[[@LINE+1]]:27: error: a temporary of a lambda or local class with a destructor alive across a co_await cannot be rewritten: its type cannot be named outside the function; declare the object before the statement
  co_return co_await call([text] { return static_cast<int>(text.size()); });
}
