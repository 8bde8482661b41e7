// An annotated lambda inside an instance of a template whose template
// arguments include unawait::Async<T> is an error at the instance: in the
// rewritten program a call to an annotated function passed to the template
// deduces its generated class there, and the lambda's frame is measured only
// for what clang deduced. (Its class would be right: the report could not
// be.)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: not unawait sizes %s 2>&1 | FileCheck %s
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

template <class F> int of_future(F future) {
  auto f = [&future] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await future;
  };
  return unawait::block_on(f());
}

UNAWAIT_ASYNC unawait::Async<int> compute(int n) { co_return co_await ready(n); }

int main() {
  // CHECK: lambda-in-template-instance.cpp:[[@LINE+2]]:10: error: an annotated lambda inside an instance of a template that has unawait::Async<T> among its template arguments is not supported yet: in the rewritten program the argument may be a generated class instead (a call to an annotated function passed to the template deduces its class), and this version measures the lambda's frame only for the arguments clang deduced; pass the template something else than an unawait::Async<T> (the value the future produces, or a callable that makes the future) ('of_future')
  // CHECK: lambda-in-template-instance.cpp:[[@LINE-10]]:12: note: the lambda is here
  return of_future(compute(8));
}
