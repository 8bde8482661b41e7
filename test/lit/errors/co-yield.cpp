// co_yield: unawait::Async's promise has no yield_value, so the file is not
// valid C++20 and clang's own error reports it (status 1, no output).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: not %clangxx17 -std=c++20 -fsyntax-only %s 2> /dev/null
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> generator() {
  // CHECK: co-yield.cpp:[[@LINE+1]]:3: error: no member named 'yield_value' in 'unawait::detail::AsyncPromise<int>'
  co_yield 1;
  co_return 0;
}
