// An annotated function that does not return unawait::Async<T> is an error at its name.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

// CHECK: not-returning-async.cpp:[[@LINE+1]]:19: error: function annotated UNAWAIT_ASYNC must return unawait::Async<T>, not 'int'
UNAWAIT_ASYNC int plain_int() { return 1; }

// CHECK: not-returning-async.cpp:[[@LINE+1]]:21: error: function annotated UNAWAIT_ASYNC must return unawait::Async<T>, not 'Ready'
UNAWAIT_ASYNC Ready a_future() { return Ready{1}; }
