// Rewritten code builds with -fno-exceptions (embedded targets): poll()'s
// exception handler (UNAWAIT_TRY/UNAWAIT_CATCH_ALL) compiles away, and the
// headers this program includes use no exceptions.
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

int main() { std::printf("count(4) = %d\n", unawait::block_on(count(4))); }
// CHECK: count(4) = 10
