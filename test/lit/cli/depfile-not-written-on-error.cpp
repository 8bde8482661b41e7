// When the rewrite fails, neither the output nor the dependency file (nor
// clang's temporary one) is written: the build step reruns next time.
// RUN: rm -f %t.d %t.d.tmp %t.out.cpp
// RUN: unawait rewrite %s -o %t.out.cpp --depfile %t.d 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file %t.err
// RUN: test ! -e %t.d
// RUN: test ! -e %t.d.tmp
// RUN: test ! -e %t.out.cpp
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> broken(int n) {
  // CHECK: depfile-not-written-on-error.cpp:[[@LINE+1]]:12: error: a co_await in the initializer of a new-expression of an array
  delete[] new int[1]{co_await broken(n - 1)};
  co_return n;
}
