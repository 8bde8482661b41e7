// An annotated friend function defined inside a class template (a "hidden
// friend"): templated through its class, but not a template of its own, so
// there is nothing for its generated class to be a template over. Rejected
// at the function with what to write instead; a member function of a class
// nested in the class template is rewritten (no error for Inner::get).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

template <class T> struct Box {
  T value;
  // CHECK: friend-in-class-template.cpp:[[@LINE+1]]:44: error: an annotated friend function defined inside a class template is not supported yet: it is not a template of its own, so its generated class has no template parameters to depend on; make it a static member, or a function template at namespace scope ('template <class T> ... peek(const Box<T> &)')
  UNAWAIT_ASYNC friend unawait::Async<int> peek(const Box &b) {
    co_await ready(0);
    co_return static_cast<int>(b.value);
  }
  struct Inner {
    UNAWAIT_ASYNC unawait::Async<int> get() { co_return co_await ready(2); }
  };
};

int use() {
  Box<int> b{1};
  Box<int>::Inner i;
  return unawait::block_on(peek(b)) + unawait::block_on(i.get());
}
// CHECK: 1 error generated.
