// A co_await inside an expression that is not C++20 (GNU and clang
// extensions): each is an error at the expression, naming its kind, not a
// catch-all. Each function gets its own error.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// clang compiles it: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

struct Pair {
  int a;
  int b;
};

UNAWAIT_ASYNC unawait::Async<int> statement_expression(int n) {
  // CHECK: non-standard-expression.cpp:[[@LINE+1]]:11: error: a co_await inside an expression that is not C++20 (a statement expression, `a ?: b`, a compound literal, a GNU or clang builtin) cannot be rewritten: a GNU or clang extension has no C++ sequencing rules to follow; await into a variable first (for `a ?: b`, `x ? x : b` with x a variable) (StmtExpr)
  int r = ({ int q = co_await ready(2); q + n; });
  co_return r;
}

UNAWAIT_ASYNC unawait::Async<int> elvis(int n) {
  // CHECK: non-standard-expression.cpp:[[@LINE+1]]:13: error: a co_await inside an expression that is not C++20 {{.*}} (BinaryConditionalOperator)
  co_return n ?: co_await ready(3);
}

UNAWAIT_ASYNC unawait::Async<int> compound_literal() {
  // CHECK: non-standard-expression.cpp:[[@LINE+1]]:12: error: a co_await inside an expression that is not C++20 {{.*}} (CompoundLiteralExpr)
  Pair p = (Pair){1, co_await ready(4)};
  co_return p.a + p.b;
}

UNAWAIT_ASYNC unawait::Async<int> choose() {
  // CHECK: non-standard-expression.cpp:[[@LINE+1]]:11: error: a co_await inside an expression that is not C++20 {{.*}} (ChooseExpr)
  int r = __builtin_choose_expr(1, co_await ready(5), 0);
  co_return r;
}
// CHECK: 4 errors generated.
