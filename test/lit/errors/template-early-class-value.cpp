// In a function template, an operand C++ evaluates before a co_await of the
// same full-expression and passes on by value after it, whose type depends
// on template arguments, is kept per instance
// (rewrite/template-early-dependent-value.cpp); an instance where it is a
// class whose copy or move can be observed is an error at the operand: the
// rewrite would move it across the await.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <string>

struct Named {
  std::string name;
};

int length(Named n, int extra) { return static_cast<int>(n.name.size()) + extra; }

template <class T> Named named(T value) { return Named{std::string(value, 'x')}; }

template <class T> UNAWAIT_ASYNC unawait::Async<int> early(T value) {
  // CHECK: template-early-class-value.cpp:[[@LINE+1]]:20: error: a value of class type (or of a type that depends on template arguments) computed before a co_await of the same expression and passed on by value cannot be rewritten
  co_return length(named(value), co_await ready(1));
}

int main() { return unawait::block_on(early(3)) == 4 ? 0 : 1; }
// CHECK: 1 error generated.
