// A multidimensional array of a class without a default constructor, built
// from a braced list and kept across an await, is an error at the array:
// g++ 12 rejects the placement new that would build it in the frame.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Named {
  explicit Named(int v) : value(v) {}
  ~Named() {}
  int value;
};

UNAWAIT_ASYNC unawait::Async<int> keeps_grid() {
  // CHECK: multidimensional-array.cpp:[[@LINE+1]]:9: error: a multidimensional array of a class without a default constructor, initialised by a braced list and kept across a suspension point is not supported yet: g++ 12 cannot build it in place (`new T[2][2]{...}`); use std::array, or give the class a default constructor ('grid')
  Named grid[2][1] = {{Named(1)}, {Named(2)}};
  co_await ready(1);
  co_return grid[1][0].value;
}

// One dimension, or a class with a default constructor, is rewritten.
UNAWAIT_ASYNC unawait::Async<int> keeps_row() {
  Named row[2] = {Named(1), Named(2)};
  Guard guards[2][2] = {{Guard(), Guard()}, {Guard(), Guard()}};
  co_await ready(1);
  co_return row[1].value + guards[1][1].value;
}
