// A range-for over a braced list of elements whose type depends on template
// arguments, with an await in the loop: the frame would keep the list's
// array, whose element type this version does not spell yet. An error at
// the list, never an output that does not compile.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

template <class T> UNAWAIT_ASYNC unawait::Async<T> sum(T a, T b) {
  T total{};
  // CHECK: dependent-braced-range.cpp:[[@LINE+1]]:17: error: a range-for over a braced list whose elements' type depends on template arguments, in a function template with a co_await in the loop is not supported yet: the frame keeps the list's array, whose element type this version does not spell from the elements; iterate over a std::array<T, N> variable instead
  for (auto x : {a, b}) {
    co_await unawait::yield_now();
    total += x;
  }
  co_return total;
}

int main() { return unawait::block_on(sum(1, 2)) == 3 ? 0 : 1; }
// CHECK: 1 error generated.
