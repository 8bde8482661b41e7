// A file clang cannot parse: status 1, clang's own diagnostic in clang's form
// (file:line:col: error:) with the source line and a caret, and no output.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err
// The report is not printed either.
// RUN: unawait sizes %s --format=json > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> fine() { co_return 1; }

// CHECK: {{^}}{{.*}}syntax-error.cpp:[[@LINE+4]]:35: error: expected ';' after return statement
// CHECK-NEXT: {{^ *}}[[@LINE+3]] | int missing_semicolon() { return 1 }
// CHECK-NEXT: {{^ *}}| {{ *}}^
// CHECK: 1 error generated.
int missing_semicolon() { return 1 }
