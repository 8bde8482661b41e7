// An annotated lambda is an error at the lambda: it is not left a coroutine
// without a word, and `sizes` reports it too (issue 8, item 11).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: not unawait sizes %s 2>&1 | FileCheck %s
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

int main() {
  // CHECK: annotated-lambda.cpp:[[@LINE+1]]:12: error: an annotated lambda is not supported yet: write the coroutine as an annotated function and call it from the lambda
  auto f = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
    co_return co_await ready(n);
  };
  return unawait::block_on(f(1)) == 1 ? 0 : 1;
}
