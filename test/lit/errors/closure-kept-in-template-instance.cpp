// A closure kept across an await in a function template is sized by a bound
// over its members' types (rewrite/closure-kept-in-template.cpp). In an
// instance clang did not make (hold<leaf_future>, which clang saw as
// hold<unawait::Async<int>>), the size report takes each member's size from
// the template's arguments: a pointer, a template parameter or an array of
// it (rewrite/closure-kept-in-template-of-generated-class.cpp). A copy of
// another type built from a generated class has no size in clang's AST; the
// variable copied is kept too (its type depends on the template's
// arguments), and is reported first: an error at the call that makes the
// instance.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <utility>

UNAWAIT_ASYNC unawait::Async<int> leaf() { co_return 1; }

template <class F> UNAWAIT_ASYNC unawait::Async<int> hold(F f) {
  std::pair<F *, int> where{&f, 1};
  auto log = [where] { return where.second; };
  log();
  co_return co_await f;
}

UNAWAIT_ASYNC unawait::Async<int> caller() {
  // CHECK: closure-kept-in-template-instance.cpp:[[@LINE+2]]:22: error: an instance of a function template with a generated class as a template argument, whose frame keeps an object, or a closure holding one, of a type built from that argument other than an array of it is not supported yet: {{.*}} ('hold<leaf_future>' keeps 'std::pair<F *, int>')
  // CHECK: closure-kept-in-template-instance.cpp:21:23: note: 'where' is declared here
  co_return co_await hold(leaf());
}
