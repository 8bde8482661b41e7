// An annotated lambda with a template parameter list (C++20) is an error at
// its `template` parameter list: C++17 has none for a lambda. (A generic
// lambda's `auto` parameters are rewritten: rewrite/generic-lambda.cpp.)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

int main() {
  // CHECK: lambda-template-parameters.cpp:[[@LINE+1]]:15: error: an annotated lambda with a template parameter list is not supported yet: C++17, the language of the rewritten code, has no template parameter list for a lambda; take 'auto' parameters instead
  auto f = [] <class T> UNAWAIT_ASYNC (T n) -> unawait::Async<int> {
    co_return co_await ready(n);
  };
  return unawait::block_on(f(1)) == 1 ? 0 : 1;
}
