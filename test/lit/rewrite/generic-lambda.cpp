// An annotated generic lambda: the generated class is a class template over
// the lambda's invented template parameters (`auto n` declares
// `n_auto`: clang's name for it, `n:auto`, spelled as C++ allows),
// and the lambda returns `-> auto`, building the class through a deduction
// guide with the constructor's parameters: in a guide `write_auto &&` is a
// forwarding reference, so C++17 deduces what the lambda deduced (the
// report's instances show `Named &` for an lvalue). Each instance is
// measured and reported. Tracers show that by-value parameters are moved
// into the frame once, references are not copied, and captures are read
// through the closure, as a coroutine lambda does.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait sizes --format=json %s | FileCheck %s --check-prefix=JSON
#include "Inputs/lambda_tracers.hpp"

/// Awaits what a callable returns: a generic lambda's future.
template <class F> UNAWAIT_ASYNC unawait::Async<int> call_twice(F &f, int n) {
  int first = co_await f(n);
  co_return first + co_await f(n + 1);
}

int main() {
  int base = 100;
  auto add = [base] UNAWAIT_ASYNC (auto n) -> unawait::Async<int> {
    int v = co_await wake_yield(1);
    co_return base + v + static_cast<int>(n);
  };
  std::printf("add(int) %d\n", unawait::block_on(add(2)));
  std::printf("add(double) %d\n", unawait::block_on(add(3.5)));

  // By value: the argument is moved into the frame, once.
  auto take = [] UNAWAIT_ASYNC (auto named) -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return named.value;
  };
  std::printf("take %d\n", unawait::block_on(take(Named("arg", 7))));

  // References: an lvalue reference and a forwarding reference, deduced as
  // the lambda deduces them.
  Named kept("kept", 1);
  auto touch = [&] UNAWAIT_ASYNC (const auto &read, auto &&write)
      -> unawait::Async<int> {
    co_await wake_yield(0);
    write.value += read.value;
    co_return write.value;
  };
  Named target("target", 10);
  std::printf("touch lvalue %d\n", unawait::block_on(touch(kept, target)));
  std::printf("touch rvalue %d\n", unawait::block_on(touch(kept, Named("temp", 20))));
  std::printf("target after %d\n", target.value);

  // Awaited by an annotated function template: the instance nested inline.
  std::printf("call_twice %d\n", unawait::block_on(call_twice(add, 1)));
}
// OUT: add(int) 103
// OUT-NEXT: add(double) 104
// OUT-NEXT: +arg
// OUT-NEXT: +arg (move)
// OUT-NEXT: -arg
// OUT-NEXT: take 7
// OUT-NEXT: -arg
// OUT-NEXT: +kept
// OUT-NEXT: +target
// OUT-NEXT: touch lvalue 11
// OUT-NEXT: +temp
// OUT-NEXT: touch rvalue 21
// OUT-NEXT: -temp
// OUT-NEXT: target after 11
// OUT-NEXT: call_twice 205
// OUT-NEXT: -target
// OUT-NEXT: -kept
// JSON: "name": "main::(lambda at {{[0-9]+}}:14)<int>"
// JSON: "name": "main::(lambda at {{[0-9]+}}:14)<double>"
// JSON: "name": "main::(lambda at {{[0-9]+}}:15)<Named>"
// JSON: "name": "main::(lambda at {{[0-9]+}}:16)<Named, Named &>"
// JSON: "name": "main::(lambda at {{[0-9]+}}:16)<Named, Named>"

// SHAPE: {{^}}template <class n_auto> class {{\[\[nodiscard\]\]}} main_lambda_future {
// SHAPE: {{^ *}}main_lambda_future(const int &base_arg, n_auto &&n_arg) {
// SHAPE: {{^ *}}n_auto n;
// SHAPE: {{^}}template <class n_auto>
// SHAPE-NEXT: {{^}}main_lambda_future(const int &base_arg, n_auto &&n_arg)
// SHAPE-NEXT: {{^ *}}-> main_lambda_future<n_auto>;
// SHAPE: {{^}}main_lambda_future_3(const read_auto &read_arg, write_auto &&write_arg)
// SHAPE-NEXT: {{^ *}}-> main_lambda_future_3<read_auto, write_auto>;
// SHAPE: {{^ *}}auto add = [base](auto n) -> auto {
// SHAPE-NEXT: {{^ *}}return main_lambda_future(base, std::move(n));
// SHAPE: {{^ *}}return main_lambda_future_3(read, std::forward<decltype(write)>(write));
