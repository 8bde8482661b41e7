// `sizes --no-heap` is a gate: every box is an error at its await (a note
// at the call for one inside unawait::join, here boxed because its argument
// is the by-value std::string parameter of another function, which ends
// when the implementation chooses, in the maker or after the await; a
// by-value std::string of the annotated call alone nests inline); exit status 1,
// the report is still printed. Without a box it passes.
// RUN: unawait sizes --no-heap %s > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file %t.err
// RUN: FileCheck %s --input-file %t.out --check-prefix=REPORT
// RUN: unawait sizes --no-heap %S/frame-trio.cpp > %t.out 2> %t.err
// RUN: FileCheck %s --input-file %t.err --check-prefix=NONE --allow-empty
#include <string>
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> declared();

UNAWAIT_ASYNC unawait::Async<int> declared() { co_return 1; }

UNAWAIT_ASYNC unawait::Async<int> local(std::string s) { co_return static_cast<int>(s.size()); }

std::string shout(std::string s) { return s + "!"; }

UNAWAIT_ASYNC unawait::Async<int> caller() {
  int a = co_await declared();
  auto [b, c] = co_await unawait::join(local(shout("x")), local("y"));
  auto [d, e] = co_await unawait::join(local("z"), local("w"));
  co_return a + b + c + d + e;
}

// CHECK: no-heap.cpp:[[#@LINE-6]]:11: error: the frame of 'declared()' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): the callee is declared separately from its definition, so it keeps the unawait::Async<T> signature
// CHECK-NOT: note
// CHECK: no-heap.cpp:[[#@LINE-7]]:17: error: the frame of 'local(shout("x"))' is boxed in a heap-allocated 'unawait::Async<int>' (--no-heap): an annotated call inside another awaited expression is boxed (unawait::join and unawait::select nest their arguments inline, unless one awaits after an argument that does something, makes a temporary the frame does not keep, or an argument after it cannot be built in place)
// CHECK: no-heap.cpp:[[#@LINE-8]]:40: note: the boxed call
// CHECK-NEXT: {{^}} 25 |
// CHECK-NEXT: {{^}}    |
// CHECK-NEXT: {{^}}2 errors generated.
// REPORT: function `caller`
// NONE-NOT: error
