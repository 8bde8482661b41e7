// A function template declared before its definition and a member of a
// class template defined outside its class (a member template too), in a
// header, are boxed where they are awaited, directly or inside unawait::join:
// they keep their declared signature. The report measures each box's frame
// from the instance clang made (twice<int>, Cell<int>::get,
// Cell<int>::plus<long>), and those sizes are the sizes of
// the classes the header's own rewrite gives. A header template its rewrite
// rejects is boxed for another reason, its frame's size unknown.
// RUN: unawait sizes --format=json %s --extra-arg=-I%S/Inputs/header-template | %python %S/Inputs/boxes.py caller | FileCheck %s --match-full-lines
// RUN: not unawait sizes --no-heap %s --extra-arg=-I%S/Inputs/header-template 2>&1 | FileCheck %s --check-prefix=GATE
// RUN: rm -rf %t && mkdir -p %t
// RUN: unawait rewrite %S/Inputs/header-template/lib.hpp -o %t/lib.hpp
// RUN: %clangxx17 -fsyntax-only -I%t %S/Inputs/header-template/sizes_check.cpp
#include "lib.hpp"
#include "unrewritable.hpp"

UNAWAIT_ASYNC unawait::Async<int> local(int n) { co_return n; }

UNAWAIT_ASYNC unawait::Async<int> caller() {
  lib::Cell<int> cell{3};
  int a = co_await lib::twice(1);
  int b = co_await cell.get();
  auto [c, d] = co_await unawait::join(lib::twice(2), local(4));
  long e = co_await lib::later(5L);
  long f = co_await cell.plus(6L);
  co_return a + b + c + d + static_cast<int>(e + f);
}

// CHECK:      caller boxes=5 boxed_size=56
// CHECK-NEXT:   box future0 in=- size=16 boxed_size=8 state=Suspend0
// CHECK-NEXT:   box future1 in=- size=16 boxed_size=16 state=Suspend1
// CHECK-NEXT:   box lib::twice(2) in=future2 size=16 boxed_size=8 state=Suspend2
// CHECK-NEXT:   box future3 in=- size=16 boxed_size=? state=Suspend3
// CHECK-NEXT:   box future4 in=- size=16 boxed_size=24 state=Suspend4

// GATE: box-header-template.cpp:21:11: error: the frame of 'lib::twice(1)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the callee is declared separately from its definition
// GATE: box-header-template.cpp:22:11: error: the frame of 'cell.get()' is boxed {{.*}}: the callee is declared separately
// GATE: box-header-template.cpp:23:17: error: the frame of 'lib::twice(2)' is boxed {{.*}}: the callee is declared separately
// GATE: box-header-template.cpp:24:12: error: the frame of 'lib::later(5L)' is boxed {{.*}}: the callee is a template defined in a header that this file does not analyse (one its header's rewrite rejects, or a member of a class that is not a named class at namespace scope)
// GATE: box-header-template.cpp:25:12: error: the frame of 'cell.plus(6L)' is boxed {{.*}}: the callee is declared separately
