// The output of a join kept across a later await: its type, a tuple of the
// joined outputs, is spelled with every name qualified (issue 8, item 5).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"
#include <tuple>

UNAWAIT_ASYNC unawait::Async<int> one() {
  co_await unawait::yield_now();
  co_return 1;
}

UNAWAIT_ASYNC unawait::Async<int> two() {
  auto both = co_await unawait::join(one(), one());
  co_await unawait::yield_now();
  co_return std::get<0>(both) + std::get<1>(both);
}

int main() { std::printf("two = %d\n", unawait::block_on(two())); }
// OUT: two = 2
