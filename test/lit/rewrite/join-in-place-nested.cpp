// A join or select written as an argument of another is built in place
// too, with its own children: the maker of the inner combinator returns it
// by value, so it is constructed in the outer one's storage, and its
// children in its own. The awaitee nests the classes:
// unawait::Join<unawait::Join<step_future, step_future>, step_future>.
// The children are built, polled and destroyed as the coroutines do, and
// a select whose winner is the plain call cancels the inner join (both of
// its children).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
// RUN: unawait rewrite %s | FileCheck %s --check-prefix=MEMBER
// RUN: unawait sizes --no-heap %s > /dev/null
// The report's sizes of the nested combinators are the compiler's:
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %clangxx17 -I%S -fsyntax-only %t.asserts.cpp && %gxx17 -I%S -fsyntax-only %t.asserts.cpp
#include "Inputs/test_futures.hpp"

UNAWAIT_ASYNC unawait::Async<int> step(const char *name, unsigned polls, int value) {
  Tracer kept(name);
  co_await Countdown{polls};
  std::printf("%s done\n", name);
  co_return value;
}

UNAWAIT_ASYNC unawait::Async<int> nested(int i) {
  // golden begin
  auto [inner, c] = co_await unawait::join(unawait::join(step("a", 1, i), step("b", 2, 2 * i)),
                                           step("c", 1, 3 * i));
  // golden end
  co_return std::get<0>(inner) + std::get<1>(inner) + c;
}

UNAWAIT_ASYNC unawait::Async<int> join_loses() {
  auto winner = co_await unawait::select(unawait::join(step("x", 3, 1), step("y", 3, 2)),
                                         step("z", 1, 3));
  co_return static_cast<int>(winner.index()) * 10 + std::get<1>(winner);
}

int main() {
  std::printf("nested = %d\n", unawait::block_on(nested(1)));
  std::printf("join_loses = %d\n", unawait::block_on(join_loses()));
}
// MEMBER: unawait::Join<unawait::Join<step_future, step_future>, step_future> future0;
// MEMBER: unawait::Select<unawait::Join<step_future, step_future>, step_future> future0;

// OUT: +a
// OUT-NEXT: +b
// OUT-NEXT: +c
// OUT-NEXT: a done
// OUT-NEXT: -a
// OUT-NEXT: c done
// OUT-NEXT: -c
// OUT-NEXT: b done
// OUT-NEXT: -b
// OUT-NEXT: nested = 6
// OUT-NEXT: +x
// OUT-NEXT: +y
// OUT-NEXT: +z
// OUT-NEXT: z done
// OUT-NEXT: -z
// OUT-NEXT: -y
// OUT-NEXT: -x
// OUT-NEXT: join_loses = 13
