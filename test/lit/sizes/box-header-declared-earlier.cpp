// A call of a header's function declared before its definition is a box
// (the header's rewrite keeps the signature), of the size the header's own
// report gives its frame: the caller's analysis measures the definition it
// sees, where it used to report a boxed frame of unknown size.
// RUN: unawait sizes %S/Inputs/header-declared-earlier/api.hpp > %t.txt
// RUN: unawait sizes %s --extra-arg=-I%S/Inputs/header-declared-earlier >> %t.txt
// RUN: FileCheck %s --input-file %t.txt
// RUN: not unawait sizes --no-heap %s --extra-arg=-I%S/Inputs/header-declared-earlier 2>&1 | FileCheck %s --check-prefix=GATE
#include "api.hpp"

UNAWAIT_ASYNC unawait::Async<int> caller() { co_return co_await api::fill(2); }

// CHECK: function `api::fill` ({{.*}}api.hpp:12): [[SIZE:[0-9]+]] bytes
// CHECK: function `caller` ({{.*}}box-header-declared-earlier.cpp:11)
// CHECK: box `future0`: 16 bytes, offset 0, type `unawait::Async<int>`, boxed frame [[SIZE]] bytes: awaited here, boxed on the heap: the callee is declared separately from its definition

// GATE: box-header-declared-earlier.cpp:11:56: error: the frame of 'api::fill(2)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap)
