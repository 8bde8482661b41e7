// UNAWAIT_ASYNC written after `inline` annotates the return type, which clang
// rejects; an error of unawait says to write it first, with a fix-it (issue 8, item 12).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err
// RUN: not unawait rewrite %s -- -std=c++20 -I%runtime_include -fdiagnostics-parseable-fixits 2>&1 | FileCheck %s --check-prefix=FIXIT
#include "Inputs/futures.hpp"

// CHECK: annotation-after-specifier.cpp:[[@LINE+2]]:{{[0-9]+}}: error: 'annotate' attribute cannot be applied to types
// CHECK: annotation-after-specifier.cpp:[[@LINE+1]]:15: error: UNAWAIT_ASYNC annotates the function only before its other specifiers (after 'static' it annotates the return type); write it first
inline static UNAWAIT_ASYNC unawait::Async<int> f() { co_return co_await ready(1); }
// FIXIT-DAG: fix-it:"{{.*}}annotation-after-specifier.cpp":{[[@LINE-1]]:15-[[@LINE-1]]:29}:""
// FIXIT-DAG: fix-it:"{{.*}}annotation-after-specifier.cpp":{[[@LINE-2]]:1-[[@LINE-2]]:1}:"UNAWAIT_ASYNC "

UNAWAIT_ASYNC inline unawait::Async<int> g() { co_return co_await ready(2); }
