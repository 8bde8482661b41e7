// `sizes` rejects what `rewrite` rejects, with the same error, status 1 and
// no report in any format; a correct function in the same file is not
// reported either.
// RUN: unawait sizes %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: unawait sizes %s --format=json > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: unawait sizes %s --format=markdown --max-frame-size=1 > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
#include "Inputs/futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> fine() {
  int a = co_await ready(1);
  co_return a;
}

UNAWAIT_ASYNC unawait::Async<int> unsupported() {
  identity(co_await ready(1) + co_await ready(2));
  // CHECK: sizes-rejects-too.cpp:[[@LINE+1]]:12: error: a co_await in the initializer of a new-expression of an array
  delete[] new int[1]{co_await ready(1)};
  co_return 0;
}
