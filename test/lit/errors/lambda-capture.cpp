// A lambda copying a kept object in a way an init-capture of the frame's
// member would not reproduce is an error at the capture (at the lambda for an
// implicit one): a copy of an array, a copy of a const object in a mutable
// lambda, a captured kept object named in decltype: a row each.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

#include <type_traits>

UNAWAIT_ASYNC unawait::Async<int> array_copy() {
  int values[2] = {1, 2};
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:15: error: a lambda copying a kept array is not supported yet: the lambda copies the frame's member through an init-capture, which decays an array; capture it by reference ([&x] or [&]), or keep a std::array ('values')
  auto read = [=] { return values[1]; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> const_copy_into_mutable() {
  const Guard guard;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:16: error: a mutable lambda copying a kept const object is not supported yet: the lambda copies the frame's member through an init-capture, whose copy is not const; capture it by reference ([&x] or [&]), or copy it into a variable first ('guard')
  auto read = [guard]() mutable { return guard.value; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> const_reference_copy_into_mutable(const Guard &outer) {
  const Guard &guard = outer;
  co_await ready(1);
  // CHECK: lambda-capture.cpp:[[@LINE+1]]:15: error: a mutable lambda copying a kept const object is not supported yet: the lambda copies the frame's member through an init-capture, whose copy is not const; capture it by reference ([&x] or [&]), or copy it into a variable first ('guard')
  auto read = [=]() mutable { return guard.value; };
  co_return read();
}

UNAWAIT_ASYNC unawait::Async<int> named_in_decltype() {
  Guard guard;
  co_await ready(1);
  auto read = [&guard] {
    // CHECK: lambda-capture.cpp:[[@LINE+1]]:41: error: a lambda naming a captured kept object in decltype is not supported yet: decltype names the capture's declared type, which the init-capture of the frame's member changes; spell the type instead ('guard')
    return std::is_reference_v<decltype(guard)> ? 0 : guard.value;
  };
  co_return read();
}
