// A kept local of a class declared inside the function is an error at the local.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> keeps_local_class() {
  struct Local {
    int value;
  };
  // CHECK: local-class.cpp:[[@LINE+1]]:9: error: an object of a lambda, local or unnamed class or enumeration type kept across a suspension point cannot be rewritten: its type cannot be named outside the function; give the type a name at namespace scope, or use std::function for a lambda ('local': a class declared inside a function cannot be named outside it)
  Local local{1};
  co_await ready(1);
  co_return local.value;
}
