// An annotated generic lambda is an error at the lambda.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

int main() {
  // CHECK: generic-lambda.cpp:[[@LINE+1]]:12: error: an annotated generic lambda is not supported yet: spell the parameter types instead of 'auto'
  auto f = [] UNAWAIT_ASYNC (auto n) -> unawait::Async<int> {
    co_return co_await ready(n);
  };
  return unawait::block_on(f(1)) == 1 ? 0 : 1;
}
