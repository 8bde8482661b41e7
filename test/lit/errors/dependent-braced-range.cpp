// A range-for over a braced list of elements whose type depends on template
// arguments, with an await in an element after the first: C++ builds the
// first element before that await, and the frame's array of such a list is
// built at once, after the list's awaits. An error at the element, never an
// output that copies the first element after the await.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

template <class T> UNAWAIT_ASYNC unawait::Async<T> sum(T a, T b) {
  T total{};
  // CHECK: dependent-braced-range.cpp:[[@LINE+1]]:21: error: a range-for over a braced list whose elements' type depends on template arguments, in a function template, with a co_await in an element after the first is not supported yet: C++ builds the elements before that await first, and this version builds the frame's array of such a list at once, after the list's awaits; await into a variable before the loop
  for (auto x : {a, T(co_await ready(int(b)))}) {
    co_await unawait::yield_now();
    total += x;
  }
  co_return total;
}

int main() { return unawait::block_on(sum(1, 2)) == 3 ? 0 : 1; }
// CHECK: 1 error generated.
