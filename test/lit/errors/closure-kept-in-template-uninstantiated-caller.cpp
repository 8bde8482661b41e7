// A template clang never instantiates calls a function template whose frame
// keeps a closure sized per instance, with a co_await among the arguments
// that deduce it. Clang leaves the call unresolved, and makes no instance;
// the rewritten call is resolved where the template is defined, and builds
// an instance whose closure's size nobody measured. That is an error at the
// call. Naming all the template arguments makes the tool instantiate it
// (rewrite/closure-kept-in-template-named-from-uninstantiated-template.cpp).
// (Before, the rewrite exited 0 and its output did not compile.)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

template <class T> UNAWAIT_ASYNC unawait::Async<int> keeps(T t) {
  auto l = [t] UNAWAIT_ASYNC () -> unawait::Async<int> { co_return co_await ready(int(t)); };
  co_return co_await l();
}

template <class U> UNAWAIT_ASYNC unawait::Async<int> never(U u) {
  // CHECK: closure-kept-in-template-uninstantiated-caller.cpp:[[@LINE+1]]:22: error: a closure kept across a suspension point in an annotated function template, in an instance clang did not make {{.*}} ('keeps' called in 'never', a template clang does not instantiate, without all its template arguments)
  co_return co_await keeps(co_await ready(int(u)));
}

template <class U> UNAWAIT_ASYNC unawait::Async<int> named(U u) {
  co_return co_await keeps<long>(co_await ready(int(u)));
}

int main() { return unawait::block_on(keeps(1)) - 1; }
