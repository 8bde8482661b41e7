// On an error, -o does not create its target (nor leaves a temporary file
// beside it), and standard output stays empty.
// RUN: rm -f %t.out.cpp
// RUN: unawait rewrite %s -o %t.out.cpp > %t.stdout 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file %t.err
// RUN: count 0 < %t.stdout
// RUN: test ! -e %t.out.cpp
// RUN: not ls %t.out.cpp.unawait-*
// An existing target is left as it was.
// RUN: echo previous > %t.out.cpp
// RUN: unawait rewrite %s -o %t.out.cpp; test $? -eq 1
// RUN: echo previous | cmp - %t.out.cpp
#include <unawait/unawait.hpp>

int take(int x) { return x; }

UNAWAIT_ASYNC unawait::Async<int> fine() {
  co_await unawait::yield_now();
  co_return 1;
}

UNAWAIT_ASYNC unawait::Async<int> unsupported(int n) {
  take(co_await unawait::Async<int>(fine()) + co_await fine());
  // CHECK: error-creates-no-output-file.cpp:[[@LINE+1]]:12: error: a co_await in the initializer of a new-expression of an array
  delete[] new int[1]{co_await fine()};
  co_return n;
}
