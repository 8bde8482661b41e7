// The forms of annotated member functions not rewritten yet are errors at
// their location; the rest of the file is not rewritten.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include "Inputs/declared-member.hpp"

// CHECK: member-function.cpp:[[@LINE+1]]:45: error: an annotated member function defined outside its class, in another file than the class is not supported yet: the generated class is declared in the class: rewrite the header, or define the function in the class
UNAWAIT_ASYNC unawait::Async<int> Declared::later() { co_return co_await ready(2); }


template <class T> struct Node {
  T value = 0;
  UNAWAIT_ASYNC unawait::Async<T> copy_across() {
    // CHECK: member-function.cpp:[[@LINE+1]]:10: error: an object of a member function's own class kept in its frame, in a class template or a local class is not supported yet: the class is incomplete where the generated class goes, and its definition cannot follow the class there; keep a pointer, or move the function to a class at namespace scope ('copy' of type 'Node<T>')
    Node copy = *this;
    co_await ready(0);
    co_return copy.value;
  }
};

int use() {
  auto node = Node<int>().copy_across();
  return 0;
}
