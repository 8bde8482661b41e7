// A function awaiting itself keeps that awaitee boxed: kind `box`, the
// boxed frame being its own.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py countdown | FileCheck %s --match-full-lines
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> countdown(int n) {
  if (n == 0)
    co_return 0;
  co_return co_await countdown(n - 1) + 1;
}

// CHECK:      countdown boxes=1 boxed_size=[[#SIZE:]]
// CHECK-NEXT:   box future0 in=- size=16 boxed_size=[[#SIZE]] state=Suspend0
