// An annotated lambda with a template parameter list (C++20) is rewritten
// with `auto` parameters when each template parameter is a type deduced as
// a parameter's whole type (rewrite/lambda-template-parameters.cpp); any
// other list is an error at it: a parameter named inside a parameter's
// type, a non-type parameter, one no parameter deduces, a requires-clause.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

#include <vector>

int main() {
  // CHECK: lambda-template-parameters.cpp:[[@LINE+1]]:20: error: an annotated lambda with a template parameter that is not a type deduced as a parameter's whole type ('T', 'const T &', 'Ts &&...'), or with a requires-clause is not supported yet: C++17, the language of the rewritten code, has no template parameter list for a lambda, so the rewrite spells the parameters 'auto'; call an annotated function template from the lambda
  auto inside = [] <class T> UNAWAIT_ASYNC (std::vector<T> v) -> unawait::Async<int> {
    co_return co_await ready(static_cast<int>(v.size()));
  };
  // CHECK: lambda-template-parameters.cpp:[[@LINE+1]]:22: error: an annotated lambda with a template parameter
  auto non_type = [] <int N> UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
    co_return co_await ready(n + N);
  };
  // CHECK: lambda-template-parameters.cpp:[[@LINE+1]]:25: error: an annotated lambda with a template parameter
  auto not_deduced = [] <class T> UNAWAIT_ASYNC (int n) -> unawait::Async<T> {
    co_return static_cast<T>(co_await ready(n));
  };
  // CHECK: lambda-template-parameters.cpp:[[@LINE+1]]:25: error: an annotated lambda with a template parameter
  auto constrained = [] <class T> requires(sizeof(T) > 1) UNAWAIT_ASYNC (T n) -> unawait::Async<int> {
    co_return co_await ready(static_cast<int>(n));
  };
  return unawait::block_on(inside(std::vector<int>{1})) + unawait::block_on(non_type.template operator()<1>(1)) +
         unawait::block_on(not_deduced.template operator()<int>(1)) + unawait::block_on(constrained(1)) == 4 ? 0 : 1;
}
