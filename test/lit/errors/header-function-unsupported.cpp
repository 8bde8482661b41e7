// A header's async function that cannot be rewritten is the header's error:
// the rewrite of the header reports it at its location, and the rewrite of a
// source that awaits it says nothing and keeps that call boxed (the header's
// failed rewrite fails the build). Its other functions still nest inline.
// RUN: unawait rewrite %s > %t.out 2> %t.err
// RUN: count 0 < %t.err
// RUN: FileCheck %s --check-prefix=SOURCE --input-file %t.out
// RUN: not unawait rewrite %S/Inputs/header-with-unsupported.hpp 2>&1 | FileCheck %s --check-prefix=HEADER
#include "Inputs/header-with-unsupported.hpp"

UNAWAIT_ASYNC unawait::Async<int> caller() {
  int a = co_await lib::fine(1);
  int b = co_await lib::unsupported(2);
  co_return a + b;
}

// SOURCE-DAG: ::lib::fine_future future0;
// SOURCE-DAG: unawait::Async<int>(lib::unsupported(2))
// HEADER: header-with-unsupported.hpp:11:12: error: a co_await in the initializer of a new-expression of an array
