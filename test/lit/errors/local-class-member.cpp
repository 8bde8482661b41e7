// Annotated members of an unnamed class, or of a local class inside a
// template, are errors at the member.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct {
  // CHECK: local-class-member.cpp:[[@LINE+1]]:37: error: an annotated member function of an unnamed class is not supported yet: its generated class is nested in the class, and callers spell it through the class's name; name the class
  UNAWAIT_ASYNC unawait::Async<int> get() { co_return co_await ready(1); }
} unnamed;

template <class T> int in_template(T value) {
  struct Local {
    T value;
    // CHECK: local-class-member.cpp:[[@LINE+1]]:39: error: an annotated member function of a local class inside a template is not supported yet: its generated class would be nested in a class of each instance of the template, which this version does not measure; move the class to namespace scope
    UNAWAIT_ASYNC unawait::Async<int> get() { co_return co_await ready(value); }
  };
  return unawait::block_on(Local{value}.get());
}

int main() { return unawait::block_on(unnamed.get()) + in_template(1) == 2 ? 0 : 1; }
