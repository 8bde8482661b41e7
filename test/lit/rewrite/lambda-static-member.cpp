// An annotated lambda initialising a static data member: the generated class
// is nested in the class, just before the member (as a member function's
// is), so that it reaches the class's private members as the lambda does.
// Tracers show the guard destroyed on completion and on cancellation.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

class Service {
  static inline int secret_ = 7;

public:
  static inline auto fetch = [] UNAWAIT_ASYNC (int id) -> unawait::Async<int> {
    Tracer guard("fetch");
    int v = co_await wake_yield(id);
    co_return secret_ * v;
  };
};

int main() {
  std::printf("fetch %d\n", unawait::block_on(Service::fetch(3)));
  poll_then_drop(Service::fetch(1), 1);
}
// OUT: +fetch
// OUT-NEXT: -fetch
// OUT-NEXT: fetch 21
// OUT-NEXT: +fetch
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -fetch
// SHAPE: {{^}}class Service {
// SHAPE: {{^}}  class {{\[\[nodiscard\]\]}} fetch_lambda_future {
// SHAPE: {{^}}  static inline auto fetch = [](int id) -> fetch_lambda_future {
// SHAPE-NEXT: {{^}}    return fetch_lambda_future(std::move(id));
