// A switch inside a case block of a switch that awaits: its case labels
// are its own, printed as written (a fuzzer finding: they were rejected as
// labels nested in the outer switch).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> f(int a, int b) {
  switch (a) {
  case 0: {
    co_await wake_yield(0);
  } break;
  case 1: {
    switch (b) {
    case 0: {
      std::printf("inner 0\n");
    } break;
    default:
      std::printf("inner default\n");
    }
  } break;
  case 2: {
    switch (b) {
    case 0:
      std::printf("inner 0 of 2\n");
    }
    co_await wake_yield(1);
  } break;
  }
  co_return a + b;
}

int main() {
  std::printf("%d\n", unawait::block_on(f(1, 0)));
  std::printf("%d\n", unawait::block_on(f(1, 3)));
  std::printf("%d\n", unawait::block_on(f(2, 0)));
}
// OUT: inner 0
// OUT-NEXT: 1
// OUT-NEXT: inner default
// OUT-NEXT: 4
// OUT-NEXT: inner 0 of 2
// OUT-NEXT: 2
