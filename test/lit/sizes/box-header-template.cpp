// A function template and a member of a class template defined in a header
// are still boxed where they are called, unlike the header's inline functions
// (rewrite/header-function-nests-inline.cpp): the caller does not yet name the
// header rewrite's class template with the call's template arguments, so it
// keeps the unawait::Async<T> signature. docs/input-language.md says so; when
// they nest, this test must change with it.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py caller | FileCheck %s --match-full-lines
// RUN: not unawait sizes --no-heap %s 2>&1 | FileCheck %s --check-prefix=NOHEAP
#include "Inputs/header_templates.hpp"

UNAWAIT_ASYNC unawait::Async<int> caller() {
  lib::Box<int> b{2};
  int x = co_await lib::twice(1);
  co_return x + co_await b.get();
}

// CHECK:      caller boxes=2 boxed_size=0
// CHECK-NEXT:   box future0 in=- size=16 boxed_size=? state=Suspend0
// CHECK-NEXT:   box future1 in=- size=16 boxed_size=? state=Suspend1
// CHECK-NOT: box

// NOHEAP: box-header-template.cpp:13:11: error: the frame of 'lib::twice(1)' is boxed
// NOHEAP: box-header-template.cpp:14:17: error: the frame of 'b.get()' is boxed
