// A boxed call written over several lines is quoted on one line (each run of
// whitespace one space), in the --no-heap error, in the report's field name
// and in its state's await, so that neither breaks a diagnostic's line.
// RUN: unawait sizes --no-heap %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file %t.err
// RUN: FileCheck %s --input-file %t.out --check-prefix=REPORT
#include <string>
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> local(std::string s, int n) {
  co_return static_cast<int>(s.size()) + n;
}

std::string shout(std::string s) { return s + "!"; }

UNAWAIT_ASYNC unawait::Async<int> caller() {
  auto [b, c] = co_await unawait::join(local(shout("x"),
                                             1),
                                       local(shout("y"), 2));
  co_return b + c;
}

// CHECK: no-heap-multiline-call.cpp:[[#@LINE-6]]:17: error: the frame of 'local(shout("x"), 1)' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap):
// CHECK-NEXT: auto [b, c]
// CHECK: error: the frame of 'local(shout("y"), 2)' is boxed
// REPORT: function `caller`
// REPORT: `co_await unawait::join(local(shout("x"), 1), local(shout("y"), 2))`
// REPORT: box `local(shout("x"), 1)`
