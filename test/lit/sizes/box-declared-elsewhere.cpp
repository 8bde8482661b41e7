// An annotated function only declared here (defined in another translation
// unit) is a box too; its frame's size is not known here.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py caller | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> elsewhere(int n);

UNAWAIT_ASYNC unawait::Async<int> caller() { co_return co_await elsewhere(1); }

// CHECK:      caller boxes=1 boxed_size=0
// CHECK-NEXT:   box future0 in=- size=16 boxed_size=? state=Suspend0

// TEXT: box `future0`: 16 bytes, offset 0, type `unawait::Async<int>`, boxed frame of unknown size: awaited here, boxed on the heap: the callee is defined in another translation unit, behind its unawait::Async<T> declaration
