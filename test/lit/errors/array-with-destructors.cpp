// An array of objects with destructors kept across an await is an error at the array.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> keeps_guards() {
  // CHECK: array-with-destructors.cpp:[[@LINE+1]]:9: error: an array of objects with destructors kept across a suspension point is not supported yet: use std::array ('guards')
  Guard guards[2];
  co_await ready(1);
  co_return guards[0].value + guards[1].value;
}
