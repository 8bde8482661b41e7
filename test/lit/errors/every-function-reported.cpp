// Each unsupported function gets its own error, and the correct functions
// around them do not hide them; nothing is printed. The errors come out in
// source order (discovery and analysis run function by function).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> first_fine() { co_return co_await ready(1); }

UNAWAIT_ASYNC unawait::Async<int> bad_kept_lambda(int n) {
  // CHECK: every-function-reported.cpp:[[@LINE+1]]:8: error: an object of a lambda, local or unnamed class or enumeration type kept across a suspension point cannot be rewritten
  auto plus_n = [n](int a) { return a + n; };
  co_await ready(1);
  co_return plus_n(1);
}

UNAWAIT_ASYNC unawait::Async<int> second_fine() { co_return co_await first_fine(); }

// CHECK: every-function-reported.cpp:[[@LINE+1]]:19: error: function annotated UNAWAIT_ASYNC must return unawait::Async<T>
UNAWAIT_ASYNC int not_async() { return 0; }

UNAWAIT_ASYNC unawait::Async<int> bad_goto() {
  co_await ready(1);
  // CHECK: every-function-reported.cpp:[[@LINE+1]]:12: error: a co_await in the initializer of a new-expression of an array, with placement arguments, in a template, whose allocation function may return null, or whose allocation or deallocation function is not public or is a destroying delete is not supported yet: C++ calls the allocation function before it evaluates the initializer, so the frame keeps the memory across the await, which this version does only for `new T(init)` with public allocation functions that throw rather than return null, outside templates; await into a variable first
  delete[] new int[1]{co_await ready(1)};
  co_return 0;
}
// CHECK: 3 errors generated.
