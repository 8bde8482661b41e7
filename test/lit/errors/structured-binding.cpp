// Structured bindings kept across an await are an error at the declaration.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Pair {
  int first, second;
};

UNAWAIT_ASYNC unawait::Async<int> keeps_binding() {
  // CHECK: structured-binding.cpp:[[@LINE+1]]:8: error: structured bindings kept across a suspension point are not supported yet
  auto [a, b] = Pair{1, 2};
  co_await ready(1);
  co_return a + b;
}
