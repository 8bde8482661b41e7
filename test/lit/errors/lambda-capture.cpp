// A lambda capturing a kept local by copy (implicitly or explicitly) or explicitly by reference is an error at the capture (at the lambda for an implicit one).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> implicit_copy() {
  Guard guard;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:15: error: a lambda capturing a kept object by copy or explicitly is not supported yet: capture it implicitly by reference ([&]) ('guard')
  auto read = [=] { return guard.value; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> explicit_copy() {
  Guard guard;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:16: error: a lambda capturing a kept object by copy or explicitly is not supported yet: capture it implicitly by reference ([&]) ('guard')
  auto read = [guard] { return guard.value; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> explicit_reference() {
  Guard guard;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:17: error: a lambda capturing a kept object by copy or explicitly is not supported yet: capture it implicitly by reference ([&]) ('guard')
  auto read = [&guard] { return guard.value; };
  co_return read();
}
