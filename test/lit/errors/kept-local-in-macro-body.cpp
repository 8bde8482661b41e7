// A kept local named in a macro's body (not passed as an argument) is an error at the macro's use.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

#define TOTAL_PLUS_ONE (total + 1)
#define PLUS_ONE(x) ((x) + 1)

UNAWAIT_ASYNC unawait::Async<int> uses_macro() {
  int total = 1;
  total += co_await ready(1);
  // The argument form is fine; the body form is not.
  int a = PLUS_ONE(total);
  // CHECK: kept-local-in-macro-body.cpp:[[@LINE+2]]:13: error: a use of a kept object written in a macro's body cannot be rewritten: the rewrite cannot change a macro's body; pass the object as a macro argument ('total')
  // CHECK-NEXT: [[@LINE+1]] | co_return TOTAL_PLUS_ONE + a;
  co_return TOTAL_PLUS_ONE + a;
}
// CHECK: kept-local-in-macro-body.cpp:9:25: note: expanded from macro 'TOTAL_PLUS_ONE'
