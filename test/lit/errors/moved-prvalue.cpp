// A value of class type that C++ evaluates before an await of the same
// expression (here the left side of <<, which C++17 sequences first) and
// that is passed on by value would have to be moved across the await: an
// error that says to name it first. Where the order is unspecified, such a
// value is evaluated after the await instead (rewrite/awaits-in-expressions.cpp).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <string>

struct Sink {};
Sink operator<<(std::string, int) { return {}; }

UNAWAIT_ASYNC unawait::Async<int> shifted() {
  // CHECK: moved-prvalue.cpp:[[@LINE+1]]:3: error: a value of class type (or of a type that depends on template arguments) computed before a co_await of the same expression and passed on by value cannot be rewritten: it would have to be moved across the await, which the rewrite never does; declare it as a variable first
  std::string("text") << co_await ready(1);
  co_return 0;
}
