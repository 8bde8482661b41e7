// A closure kept across an await in a function template, in an instance
// clang did not make: hold<leaf_future>, which clang saw as
// hold<unawait::Async<int>>. The frame's bytes come from closure_bound,
// which the compiler evaluates in that instance; the size report takes each
// member's size from the template's arguments (a copy of a std::string, a
// pointer to the generated class). The copy is made once and destroyed when
// the scope ends. (Before, this was the error ClosureInUnmeasuredInstance;
// a header's template that keeps such a closure was one too.)
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/lambda_tracers.hpp"

UNAWAIT_ASYNC unawait::Async<int> leaf() {
  co_await wake_yield(0);
  co_return 1;
}

template <class F> UNAWAIT_ASYNC unawait::Async<int> hold(F f) {
  Named name("hold", 2);
  F *kept = &f;
  auto log = [name, kept] { std::printf("%s %d %d\n", name.name, name.value, kept != nullptr); };
  log();
  co_return co_await f + name.value;
}

UNAWAIT_ASYNC unawait::Async<int> caller() { co_return co_await hold(leaf()); }

int main() {
  std::printf("%d\n", unawait::block_on(caller()));
  poll_then_drop(caller(), 1);
}
// OUT: +hold
// OUT-NEXT: +hold (copy)
// OUT-NEXT: hold 2 1
// OUT-NEXT: -hold
// OUT-NEXT: -hold
// OUT-NEXT: 3

// SIZES: function `hold<leaf_future>`
// SIZES: local `log`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `unawait::detail::UnnamedObject<24, 8>`
