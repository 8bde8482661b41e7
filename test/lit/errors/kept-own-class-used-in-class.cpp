// A member function whose frame keeps an object of its own class has its
// generated class defined after the class: the class's own inline code
// cannot use it there (its type is incomplete), nor can an annotated member
// defined before it. Each use is an error.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Graph {
  int value = 0;
  UNAWAIT_ASYNC unawait::Async<int> first() {
    // CHECK: kept-own-class-used-in-class.cpp:[[@LINE+1]]:24: error: a use, inside its class, of a member function whose frame keeps an object of its class is not supported yet: its generated class is defined after the class, so the call's type is incomplete there; call it from outside the class, or from an annotated member defined after it ('Graph::copy_across' keeps an object of its class)
    co_return co_await copy_across();
  }
  UNAWAIT_ASYNC unawait::Async<int> copy_across() {
    Graph copy = *this;
    co_await ready(0);
    co_return copy.value;
  }
  // CHECK: kept-own-class-used-in-class.cpp:[[@LINE+1]]:40: error: a use, inside its class
  int run() { return unawait::block_on(copy_across()); }
};

int use() { return Graph().run(); }
