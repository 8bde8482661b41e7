// On an error, -i leaves the source byte for byte as it was (and no
// temporary file beside it); nothing is printed on standard output.
// RUN: cp %s %t.cpp
// RUN: unawait rewrite -i %t.cpp > %t.stdout 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file %t.err
// RUN: count 0 < %t.stdout
// RUN: cmp %s %t.cpp
// RUN: not ls %t.cpp.unawait-*
// With a second, correct file: neither is rewritten.
// RUN: cp %S/Inputs/twice.cpp %t.good.cpp
// RUN: unawait rewrite -i %t.good.cpp %t.cpp; test $? -eq 1
// RUN: cmp %S/Inputs/twice.cpp %t.good.cpp
// RUN: cmp %s %t.cpp
#include <unawait/unawait.hpp>

int take(int x) { return x; }

UNAWAIT_ASYNC unawait::Async<int> fine() {
  co_await unawait::yield_now();
  co_return 1;
}

UNAWAIT_ASYNC unawait::Async<int> unsupported(int n) {
  take(co_await unawait::Async<int>(fine()) + co_await fine());
  // CHECK: .cpp:[[@LINE+1]]:12: error: a co_await in the initializer of a new-expression of an array
  delete[] new int[1]{co_await fine()};
  co_return n;
}
