// `[[fallthrough]];` at the end of a case's block that keeps an object
// across an await stays last, after the object's destruction, so that it
// still precedes the next case label (a fuzzer finding: clang rejected the
// rewrite under -Werror).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> f(int n) {
  switch (n) {
  case 0: {
    Tracer t("case0");
    co_await wake_yield(0);
    [[fallthrough]];
  }
  case 1: {
    std::printf("case 1\n");
  } break;
  }
  co_return n;
}

int main() { std::printf("%d\n", unawait::block_on(f(0))); }
// OUT: +case0
// OUT-NEXT: -case0
// OUT-NEXT: case 1
// OUT-NEXT: 0
