// A closure with a destructor kept across an await in a function template
// is sized per instance, from the closures clang made
// (rewrite/closure-kept-in-template.cpp): an instance clang did not make
// (hold<leaf_future>, which clang saw as hold<unawait::Async<int>>) is an
// error at the call that makes it, and so is such a template in a header
// (the files that include it make its instances, with arguments the header
// never saw, for which the trait has no specialization). A source file's template it makes no instance of is
// never instantiated: rewritten, with no specialization.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/header.hpp
// RUN: unawait rewrite %t.dir/header.hpp -- -std=c++20 -I%runtime_include -I%S -DNO_CALLER > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --check-prefix=NONE --implicit-check-not=error:
// RUN: unawait rewrite %s -o %t.dir/source.cpp -- -std=c++20 -I%runtime_include -DNO_CALLER
// RUN: %clangxx17 -fsyntax-only -DNO_CALLER -I%S %t.dir/source.cpp
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <string>

UNAWAIT_ASYNC unawait::Async<int> leaf() { co_return 1; }

template <class F>
UNAWAIT_ASYNC unawait::Async<int> hold(F f) {
  std::string name = "hold";
  // NONE: header.hpp:[[@LINE+1]]:8: error: a closure kept across a suspension point in an annotated function template, in an instance clang did not make {{.*}}, or in a header is not supported yet: {{.*}} ('log' in 'hold', a template of a header)
  auto log = [name] { return name.size(); };
  log();
  co_return co_await f;
}

#ifndef NO_CALLER
UNAWAIT_ASYNC unawait::Async<int> caller() {
  // CHECK: closure-kept-in-template-instance.cpp:[[@LINE+2]]:22: error: a closure kept across a suspension point in an annotated function template, in an instance clang did not make {{.*}}; pass the template something else than an unawait::Async<T>, spell all its template arguments at the call, capture by reference, or declare the closure after the last await of its scope ('hold<leaf_future>' keeps 'log')
  // CHECK: closure-kept-in-template-instance.cpp:28:8: note: 'log' is declared here
  co_return co_await hold(leaf());
}
#endif
