// A kept local whose type is a lambda (its type cannot be named in the generated class) is an error at the local.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> keeps_lambda() {
  // CHECK: kept-lambda.cpp:[[@LINE+1]]:8: error: an object of a lambda, local or unnamed class or enumeration type kept across a suspension point cannot be rewritten: its type cannot be named outside the function; give the type a name at namespace scope, or use std::function for a lambda ('add_one': the type of a lambda cannot be named)
  auto add_one = [](int x) { return x + 1; };
  int a = co_await ready(1);
  co_return add_one(a);
}
