// An annotated lambda in a default member initializer: the generated class is
// nested in the class, just before the member; a captured `this` is the
// object the initializer runs for (a frame member, like a member function's
// `this`). The member's std::function boxes the future the lambda returns.
// Tracers show the guard destroyed on completion and on cancellation.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"
#include <functional>

struct Widget {
  int base = 10;
  std::function<unawait::Async<int>(int)> step = [this] UNAWAIT_ASYNC (int n)
      -> unawait::Async<int> {
    Tracer guard("step");
    int v = co_await wake_yield(n);
    base += v;
    co_return base;
  };
};

int main() {
  Widget w;
  std::printf("step %d\n", unawait::block_on(w.step(3)));
  std::printf("step %d\n", unawait::block_on(w.step(4)));
  poll_then_drop(w.step(1), 1);
  std::printf("base %d\n", w.base);
}
// OUT: +step
// OUT-NEXT: -step
// OUT-NEXT: step 13
// OUT-NEXT: +step
// OUT-NEXT: -step
// OUT-NEXT: step 17
// OUT-NEXT: +step
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -step
// OUT-NEXT: base 17
// SHAPE: {{^}}struct Widget {
// SHAPE: {{^}}  class {{\[\[nodiscard\]\]}} step_lambda_future {
// SHAPE: {{^}}    step_lambda_future(Widget *self_arg, int &&n_arg) {
// SHAPE: {{^}}  std::function<unawait::Async<int>(int)> step =
// SHAPE-NEXT: {{^}}      [this](int n) -> step_lambda_future {
// SHAPE-NEXT: {{^}}    return step_lambda_future(this, std::move(n));
