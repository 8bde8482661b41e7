// A reference bound to a temporary and kept across an await is an error at the reference.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> bound_to_temporary() {
  // CHECK: reference-to-temporary.cpp:[[@LINE+1]]:16: error: a reference bound to a temporary and kept across a suspension point is not supported yet; give the temporary a name
  const Guard &guard = Guard{};
  co_await ready(1);
  co_return guard.value;
}
