// An annotated call inside unawait::join whose argument awaits after an
// earlier argument that does something (here the second call, whose await
// C++ runs after the first call is made) is boxed, and so is every other
// call of the join (one allocation each;
// join-in-place.cpp shows the calls join nests inline): the report lists
// each as a field of kind
// `box` inside the join's awaitee,
// with the boxed frame's size; they are part of the awaitee's bytes, so the
// state's lines still add up to the frame.
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py uses_join | FileCheck %s --match-full-lines
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
// RUN: unawait sizes %s | %python %S/Inputs/text_adds_up.py > /dev/null
#include <string>
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> local(std::string name) {
  unsigned char buf[100] = {};
  co_await unawait::yield_now();
  co_return buf[0] + static_cast<int>(name.size());
}

UNAWAIT_ASYNC unawait::Async<std::string> name(const char *given) { co_return given; }

UNAWAIT_ASYNC unawait::Async<int> uses_join() {
  auto [a, b] = co_await unawait::join(local(co_await name("a")), local(co_await name("b")));
  co_return a + b;
}

// CHECK:      uses_join boxes=2 boxed_size=272
// CHECK-NEXT:   box local(co_await name("a")) in=future2 size=16 boxed_size=136 state=Suspend2
// CHECK-NEXT:   box local(co_await name("b")) in=future2 size=16 boxed_size=136 state=Suspend2
// CHECK-NOT: {{.}}

// TEXT: function `uses_join`
// TEXT:      awaitee `future2`: {{.*}}awaited here
// TEXT-NEXT:     box `local(co_await name("a"))` (in `future2`): 16 bytes, type `unawait::Async<int>`, boxed frame 136 bytes: boxed on the heap: an annotated call inside another awaited expression is boxed (unawait::join and unawait::select nest their arguments inline, unless one awaits after an argument that does something, makes a temporary the frame does not keep, or an argument after it cannot be built in place)
// TEXT-NEXT:     box `local(co_await name("b"))` (in `future2`): 16 bytes
