// A temporary the frame cannot hold across an await: a lambda with a
// destructor (its type has no name). (A braced list's elements with
// destructors are held, in an awaiting full-expression:
// rewrite/initializer-list-with-destructors.cpp, and as a range-for's range:
// rewrite/range-for-braced-destructors.cpp.)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <initializer_list>
#include <string>

template <class F> Ready call(const F &f) { return ready(f()); }

UNAWAIT_ASYNC unawait::Async<int> closure() {
  std::string text = "abc";
  // CHECK: temporaries-not-rewritten.cpp:[[@LINE+1]]:27: error: a temporary of a lambda or local class with a destructor alive across a co_await cannot be rewritten: its type cannot be named outside the function; declare the object before the statement
  co_return co_await call([text] { return static_cast<int>(text.size()); });
}
