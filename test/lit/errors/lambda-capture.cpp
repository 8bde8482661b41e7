// A lambda capturing a kept local in a way an init-capture of the frame's
// member would not reproduce is an error at the capture (at the lambda for an
// implicit one): an implicit copy, a copy of a const, reference or array
// variable, a captured kept object named in decltype.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

#include <type_traits>

UNAWAIT_ASYNC unawait::Async<int> implicit_copy() {
  Guard guard;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:15: error: a lambda capturing a kept object implicitly by copy ([=]), by copy when the variable is const, a reference or an array, or naming a captured kept object in decltype is not supported yet: capture it by name ([x] or [&x]), or implicitly by reference ([&]) ('guard')
  auto read = [=] { return guard.value; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> const_copy() {
  const Guard guard;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:16: error: a lambda capturing a kept object implicitly by copy
  auto read = [guard] { return guard.value; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> reference_copy(Guard &outer) {
  Guard &guard = outer;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:16: error: a lambda capturing a kept object implicitly by copy
  auto read = [guard] { return guard.value; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> named_in_decltype() {
  Guard guard;
  co_await ready(1);
  auto read = [&guard] {
    // CHECK: lambda-capture.cpp:[[@LINE+1]]:41: error: a lambda capturing a kept object implicitly by copy
    return std::is_reference_v<decltype(guard)> ? 0 : guard.value;
  };
  co_return read();
}
