// Rewritten code builds with -fno-exceptions (embedded targets): a poll()
// with something to destroy on unwind keeps an unwind guard
// (unawait::detail::FinishOnUnwind), which needs no exception support, and
// the headers this program includes use no exceptions.
// RUN: unawait rewrite %s -o %t.cpp
// RUN: %gxx17 -fno-exceptions %t.cpp -o %t.gcc && %t.gcc | FileCheck %s
// RUN: %clangxx17 -fno-exceptions %t.cpp -o %t.clang && %t.clang | FileCheck %s
#include <unawait/async.hpp>
#include <unawait/block_on.hpp>
#include <unawait/yield_now.hpp>

#include <cstdio>

UNAWAIT_ASYNC unawait::Async<int> count(int n) {
  int total = 0;
  for (int i = 1; i <= n; ++i) {
    co_await unawait::yield_now();
    total += i;
  }
  co_return total;
}

/// Something to destroy: count_kept's poll() has an unwind guard.
struct Counted {
  ~Counted() { std::printf("destroyed\n"); }
};

UNAWAIT_ASYNC unawait::Async<int> count_kept(int n) {
  Counted kept;
  int total = co_await count(n);
  co_return total;
}

int main() {
  std::printf("count(4) = %d\n", unawait::block_on(count(4)));
  std::printf("count_kept(3) = %d\n", unawait::block_on(count_kept(3)));
}
// CHECK: count(4) = 10
// CHECK-NEXT: destroyed
// CHECK-NEXT: count_kept(3) = 6
