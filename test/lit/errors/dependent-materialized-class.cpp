// In a template, an argument of a dependent call that C++ evaluates before a
// co_await of the same full-expression, and that the instances bind to a
// reference parameter as a temporary of a class whose copy or move can be
// observed (here a Named bound to `const Named &`), is not kept yet: the
// frame would hand it to the call as an xvalue, which an instance clang did
// not make might move. An error at the argument that says so (it was
// reported as a value passed on by value, which it is not). Here `length`
// is found by argument-dependent lookup, which an instance may widen; a
// qualified call is kept (rewrite/template-temporary-bound-by-reference.cpp).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <string>

struct Named {
  std::string name;
};

int length(const Named &n, int extra) { return static_cast<int>(n.name.size()) + extra; }

template <class T> Named named(T value) { return Named{std::string(value, 'x')}; }

template <class T> UNAWAIT_ASYNC unawait::Async<int> early(T value) {
  // CHECK: dependent-materialized-class.cpp:[[@LINE+1]]:20: error: an argument of a call that depends on template arguments, computed before a co_await of the same expression, that an instance binds to a reference parameter as a temporary of a class that is not trivially copyable, where the call finds its function by argument-dependent lookup{{.*}} is not supported yet: the frame would keep the temporary
  co_return length(named(value), co_await ready(1));
}

int main() { return unawait::block_on(early(3)) == 4 ? 0 : 1; }
// CHECK: 1 error generated.
