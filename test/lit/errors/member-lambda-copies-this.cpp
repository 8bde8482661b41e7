// In an annotated member function, a lambda capturing *this by copy is an
// error at the capture: in poll(), the object is reached through a pointer.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Copies {
  int value = 0;
  UNAWAIT_ASYNC unawait::Async<int> by_copy() {
    co_await ready(0);
    // CHECK: member-lambda-copies-this.cpp:[[@LINE+1]]:17: error: a lambda capturing '*this' by copy in an annotated member function is not supported yet: capture 'this'
    auto get = [*this] { return value; };
    co_return get();
  }
};
