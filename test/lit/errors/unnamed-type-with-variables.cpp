// A declaration that defines an unnamed class and declares several
// variables of it, one initialised by a co_await: the rewrite declares the
// variables one by one after the awaits, and the ones after the first could
// not name the type.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> unnamed() {
  // CHECK: unnamed-type-with-variables.cpp:[[@LINE+1]]:3: error: a declaration of an unnamed class or enumeration with several variables, in a statement with a co_await is not supported yet: the variables are declared one by one after the type, and the ones after the first cannot name it; name the type, or declare one variable per statement
  struct {
    int x;
  } a{co_await ready(1)}, b{2};
  co_return a.x + b.x;
}

// CHECK: 1 error generated.
