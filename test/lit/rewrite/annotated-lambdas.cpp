// Annotated lambdas: the generated class goes where the enclosing function's
// would (before it; in its class for a member function), named for it, and
// the lambda becomes `-> <class> { return <class>(captures..., params...); }`.
// A capture is a reference to what the lambda's body names, as a coroutine
// lambda reads its captures through the closure: the closure's copy for a
// capture by copy (const unless the lambda is mutable), the variable itself
// for a capture by reference; a captured `this` is the enclosing member
// function's. Tracers show that the rewrite copies nothing the coroutine
// does not.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait sizes --format=json %s | FileCheck %s --check-prefix=JSON
#include "Inputs/lambda_tracers.hpp"

/// Awaits what a callable returns: a lambda's future through a template.
template <class F> UNAWAIT_ASYNC unawait::Async<int> call_twice(F &f, int n) {
  int first = co_await f(n);
  co_return first + co_await f(n + 1);
}

class Counter {
public:
  UNAWAIT_ASYNC unawait::Async<int> bump(int by) {
    co_await wake_yield(0);
    total_ += by;
    co_return total_;
  }

  int run() {
    auto twice = [this] UNAWAIT_ASYNC (int by) -> unawait::Async<int> {
      int a = co_await bump(by);
      co_await wake_yield(0);
      int b = co_await bump(by);
      co_return a + total_ + b;
    };
    return unawait::block_on(twice(10));
  }

private:
  int total_ = 0;
};

int main() {
  auto square = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
    int v = co_await wake_yield(n);
    co_return v * v;
  };
  std::printf("square %d\n", unawait::block_on(square(7)));

  // By reference: the lambda writes the caller's variables.
  Named shared("shared", 1);
  int hits = 0;
  auto by_reference = [&] UNAWAIT_ASYNC (int add) -> unawait::Async<void> {
    co_await wake_yield(0);
    shared.value += add;
    ++hits;
    co_await wake_yield(0);
    std::printf("by reference: %d %d\n", shared.value, hits);
  };
  unawait::block_on(by_reference(5));
  unawait::block_on(by_reference(6));
  std::printf("after: %d %d\n", shared.value, hits);

  // By copy: the closure holds the copy, and the future reads the closure's.
  auto by_copy = [kept = shared, base = hits * 100] UNAWAIT_ASYNC (int n)
      -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return kept.value + base + n;
  };
  shared.value = -1;
  std::printf("by copy: %d\n", unawait::block_on(by_copy(1)));

  // Mutable: the closure's copy changes, call after call.
  int calls = 0;
  auto counting = [calls] UNAWAIT_ASYNC () mutable -> unawait::Async<int> {
    ++calls;
    co_await wake_yield(0);
    co_return calls * 10 + co_await wake_yield(calls);
  };
  std::printf("counting %d\n", unawait::block_on(counting()));
  std::printf("counting %d\n", unawait::block_on(counting()));
  std::printf("outer calls %d\n", calls);

  // Awaited by an annotated function template, and a lambda inside.
  std::printf("call_twice %d\n", unawait::block_on(call_twice(square, 2)));
  auto nested = [&] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
    int v = co_await wake_yield(n);
    co_return [&] { return v + hits; }();
  };
  std::printf("nested %d\n", unawait::block_on(nested(4)));

  std::printf("member %d\n", Counter().run());
}
// OUT: square 49
// OUT-NEXT: +shared
// OUT-NEXT: by reference: 6 1
// OUT-NEXT: by reference: 12 2
// OUT-NEXT: after: 12 2
// OUT-NEXT: +shared (copy)
// OUT-NEXT: by copy: 213
// OUT-NEXT: counting 11
// OUT-NEXT: counting 22
// OUT-NEXT: outer calls 0
// OUT-NEXT: call_twice 13
// OUT-NEXT: nested 6
// OUT-NEXT: member 50
// OUT-NEXT: -shared
// OUT-NEXT: -shared
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} main_lambda_future {
// SHAPE: {{^ *}}explicit main_lambda_future(int &&n_arg)
// SHAPE: {{^ *}}main_lambda_future_3(const Named &kept_arg, const int &base_arg,
// SHAPE-NEXT: {{^ *}}int &&n_arg)
// SHAPE: {{^ *}}auto square = [](int n) -> main_lambda_future {
// SHAPE-NEXT: {{^ *}}return main_lambda_future(std::move(n));
// SHAPE: {{^ *}}auto counting = [calls]() mutable -> main_lambda_future_4 {
// JSON: "name": "main::(lambda at {{[0-9]+}}:17)"
// JSON: "name": "main::(lambda at {{[0-9]+}}:23)"
// JSON: "name": "shared",
// JSON-NEXT: "offset": 0,
// JSON-NEXT: "size": 8,
// JSON-NEXT: "type": "Named *",
// JSON-NEXT: "why": "a capture"
