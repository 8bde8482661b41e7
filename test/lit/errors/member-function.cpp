// An annotated member function (of a class or of a class template) is an error at its name.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Counter {
  int count = 0;
  // CHECK: member-function.cpp:[[@LINE+1]]:37: error: annotated member functions are not supported yet
  UNAWAIT_ASYNC unawait::Async<int> next() {
    count += co_await ready(1);
    co_return count;
  }
};

template <class T> struct Box {
  T value;
  // CHECK: member-function.cpp:[[@LINE+1]]:35: error: annotated member functions are not supported yet
  UNAWAIT_ASYNC unawait::Async<T> get() {
    co_await ready(0);
    co_return value;
  }
};

int use() {
  Counter c;
  Box<int> b{1};
  auto f = c.next();
  auto g = b.get();
  return 0;
}
