// Annotated lambdas initialising variables at namespace scope: the generated
// class goes before the declaration (in its namespace, before its doc
// comment), named for the variable, so that a later lambda can await
// an earlier one; a lambda inside a plain lambda at namespace scope goes
// before that variable, its capture a reference to the closure's copy.
// Tracers show the guards destroyed on completion and on cancellation.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait sizes --format=json %s | FileCheck %s --check-prefix=JSON
#include "Inputs/lambda_tracers.hpp"

namespace tasks {
/// Doubles what it is given, after a yield.
inline auto twice = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
  Tracer guard("twice");
  int v = co_await wake_yield(n);
  co_return v * 2;
};

auto both = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
  Tracer guard("both");
  int a = co_await twice(n);
  int b = co_await twice(a);
  co_return a + b;
};
} // namespace tasks

static auto outer = [](int n) {
  auto inner = [n] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await wake_yield(n + 1);
  };
  return unawait::block_on(inner());
};

int main() {
  std::printf("twice %d\n", unawait::block_on(tasks::twice(4)));
  std::printf("both %d\n", unawait::block_on(tasks::both(3)));
  std::printf("outer %d\n", outer(5));
  for (int polls = 0; polls < 3; ++polls)
    poll_then_drop(tasks::both(1), polls);
}
// OUT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: twice 8
// OUT-NEXT: +both
// OUT-NEXT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: -both
// OUT-NEXT: both 18
// OUT-NEXT: outer 6
// OUT-NEXT: dropped after 0 polls
// OUT-NEXT: +both
// OUT-NEXT: +twice
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -twice
// OUT-NEXT: -both
// OUT-NEXT: +both
// OUT-NEXT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: +twice
// OUT-NEXT: dropped after 2 polls
// OUT-NEXT: -twice
// OUT-NEXT: -both
// SHAPE: {{^}}namespace tasks {
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} twice_lambda_future {
// SHAPE: {{^}}/// Doubles what it is given, after a yield.
// SHAPE-NEXT: {{^}}inline auto twice = [](int n) -> twice_lambda_future {
// SHAPE-NEXT: {{^}}  return twice_lambda_future(std::move(n));
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} both_lambda_future {
// SHAPE: {{^}}  ::tasks::twice_lambda_future future0;
// SHAPE: {{^}}auto both = [](int n) -> both_lambda_future {
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} outer_lambda_future {
// SHAPE: {{^}}static auto outer = [](int n) {
// SHAPE-NEXT: {{^}}  auto inner = [n]() -> outer_lambda_future { return outer_lambda_future(n); };
// JSON: "name": "tasks::twice::(lambda at {{[0-9]+}}:21)"
// JSON: "name": "tasks::both::(lambda at {{[0-9]+}}:13)"
// JSON: "name": "outer::(lambda at {{[0-9]+}}:16)"
