// Found by the fuzzer's CI budget (seed 129, once templates could await
// several times in a statement): in a template, `(co_await f(), co_await
// g())` before a later await of the same expression is a dependent early
// value (its comma may be overloaded), kept in unawait::detail::bound with
// its type spelled as decltype((...)) of the expression, each await's value
// spelled unevaluated. std::declval made the second value an xvalue, so the
// bound kept a reference to the await's prvalue, which ended with its
// statement (clang: -Wdangling-field); unawait::detail::unevaluated<T>()
// gives it the prvalue category a co_await of a value has.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/test_futures.hpp"

inline int show(int v) {
  std::printf("show %d\n", v);
  return v;
}

template <class T>
UNAWAIT_ASYNC unawait::Async<int> caller(T a) {
  int r = show(((show(co_await wake_yield(int(a))), co_await wake_yield(3)), co_await wake_yield(4)));
  r += show(((show(co_await wake_yield(5)), co_await wake_yield(int(a) + 6)) + co_await wake_yield(7)));
  co_return r;
}

int main() {
  std::printf("%d\n", unawait::block_on(caller(1)));
  poll_then_drop(caller(2L), 3);
}
// SHAPE: unawait::detail::unevaluated<
// OUT: show 1
// OUT-NEXT: show 4
// OUT-NEXT: show 5
// OUT-NEXT: show 14
// OUT-NEXT: 18
// OUT-NEXT: show 2
// OUT-NEXT: dropped after 3 polls
