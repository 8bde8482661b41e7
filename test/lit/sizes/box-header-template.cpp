// A function template declared before its definition and a member of a
// class template defined outside its class, in a header, are boxed where
// they are awaited, directly or inside unawait::join, with that reason (not
// "declared separately"): their header's rewrite gives no class callers name.
// RUN: unawait sizes --format=json %s --extra-arg=-I%S/Inputs/header-template | %python %S/Inputs/boxes.py caller | FileCheck %s --match-full-lines
// RUN: not unawait sizes --no-heap %s --extra-arg=-I%S/Inputs/header-template 2>&1 | FileCheck %s --check-prefix=GATE
#include "lib.hpp"

UNAWAIT_ASYNC unawait::Async<int> local(int n) { co_return n; }

UNAWAIT_ASYNC unawait::Async<int> caller() {
  lib::Cell<int> cell{3};
  int a = co_await lib::twice(1);
  int b = co_await cell.get();
  auto [c, d] = co_await unawait::join(lib::twice(2), local(4));
  co_return a + b + c + d;
}

// CHECK:      caller boxes=3 boxed_size=0
// CHECK-NEXT:   box future0 in=- size=16 boxed_size=? state=Suspend0
// CHECK-NEXT:   box future1 in=- size=16 boxed_size=? state=Suspend1
// CHECK-NEXT:   box lib::twice(2) in=future2 size=16 boxed_size=? state=Suspend2

// GATE: box-header-template.cpp:13:11: error: the frame of 'lib::twice(1)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the callee is a template defined in a header whose class callers cannot name (declared before its definition, defined outside its class, a member template of a class template, or not rewritten)
// GATE: box-header-template.cpp:14:11: error: the frame of 'cell.get()' is boxed {{.*}}: the callee is a template defined in a header
// GATE: box-header-template.cpp:15:17: error: the frame of 'lib::twice(2)' is boxed {{.*}}: the callee is a template defined in a header
