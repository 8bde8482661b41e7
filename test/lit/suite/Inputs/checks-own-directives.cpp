// Not a test: what audit_run_lines must find (checks-read-generated-code.test).
// RUN: unawait rewrite %s | FileCheck %s
// RUN: unawait rewrite --line-directives %s -o %t.cpp
// RUN: FileCheck %s --check-prefix=SHAPE --input-file %t.cpp
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
// RUN: not unawait rewrite %s 2>&1 | FileCheck %s
// CHECK: never generated
