// An await inside a branch of `if constexpr` in a function template: C++
// forbids jumping into the branch from outside, so each branch dispatches
// again at its top (issue 8, item 2).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"
#include <type_traits>

template <class T> UNAWAIT_ASYNC unawait::Async<int> describe(T value) {
  int total = 0;
  for (int round = 0; round < 2; ++round) {
    if constexpr (std::is_integral_v<T>) {
      Tracer t("integral");
      total += co_await wake_yield(static_cast<int>(value));
      total += co_await wake_yield(1);
    } else {
      total += co_await wake_yield(100);
    }
  }
  co_return total;
}

int main() {
  std::printf("int: %d\n", unawait::block_on(describe(5)));
  std::printf("double: %d\n", unawait::block_on(describe(2.5)));
}
// OUT: +integral
// OUT-NEXT: -integral
// OUT-NEXT: +integral
// OUT-NEXT: -integral
// OUT-NEXT: int: 12
// OUT-NEXT: double: 200
