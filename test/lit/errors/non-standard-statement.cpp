// A co_await inside a statement that is not C++20 (here GNU asm's operands):
// an error at the statement that names it, not a catch-all.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// clang compiles it: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> assembly() {
  // CHECK: non-standard-statement.cpp:[[@LINE+1]]:3: error: a co_await inside a statement that is not C++20 (an asm statement, a computed goto, __try, an OpenMP directive) cannot be rewritten: a GNU, Microsoft or OpenMP extension has no C++ rules to follow; await into a variable before the statement (GCCAsmStmt)
  asm volatile("" : : "r"(co_await ready(1)));
  co_return 0;
}
// CHECK: 1 error generated.
