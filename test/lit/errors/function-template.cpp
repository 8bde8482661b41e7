// An annotated function template is an error at its name, whether or not its Async<T> depends on a template parameter.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

// CHECK: function-template.cpp:[[@LINE+2]]:33: error: annotated function templates are not supported yet
template <class T>
UNAWAIT_ASYNC unawait::Async<T> dependent(T value) {
  co_await ready(0);
  co_return value;
}

// CHECK: function-template.cpp:[[@LINE+2]]:35: error: annotated function templates are not supported yet
template <int N>
UNAWAIT_ASYNC unawait::Async<int> non_dependent() {
  int a = co_await ready(N);
  co_return a;
}

int use() {
  auto f = dependent(1);
  auto g = non_dependent<2>();
  return 0;
}
