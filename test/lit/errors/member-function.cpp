// The forms of annotated member functions not rewritten yet are errors at
// their location; the rest of the file is not rewritten.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include "Inputs/declared-member.hpp"

// (A non-template member defined here is rewritten:
// rewrite/out-of-class-member-other-file.cpp.)
template <class T>
// CHECK: member-function.cpp:[[@LINE+1]]:48: error: an annotated member of a class template, or member template, defined outside its class in another file than the class is not supported yet: its generated class would be a local class of the function, which this version emits in functions that are not templates only; define the function in the class, or in the class's file
UNAWAIT_ASYNC unawait::Async<int> Declared<T>::later() { co_return co_await ready(2); }

template <class T>
// CHECK: member-function.cpp:[[@LINE+1]]:49: error: an annotated member of a class template, or member template, defined outside its class in another file than the class is not supported yet
UNAWAIT_ASYNC unawait::Async<int> WithTemplate::later(T value) { co_return co_await ready(value); }



int in_function() {
  struct Local {
    int value = 0;
    UNAWAIT_ASYNC unawait::Async<int> copy_across() {
      // CHECK: member-function.cpp:[[@LINE+1]]:13: error: an object of a member function's own class kept in its frame, in a local class is not supported yet: the class is incomplete where the generated class goes, and its definition cannot follow the class inside a function; keep a pointer, or move the class to namespace scope ('copy' of type 'Local')
      Local copy = *this;
      co_await ready(0);
      co_return copy.value;
    }
  };
  return unawait::block_on(Local().copy_across());
}

int use() {
  auto later = Declared<int>().later();
  auto with = WithTemplate().later(1);
  return 0;
}
