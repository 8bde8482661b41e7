// Annotated lambdas inside overloads (functions and function templates of
// one name): their classes go to one scope, so they are numbered across
// the overloads (`plain_lambda_future`, `plain_lambda_future_2`), not per
// function, which would define one name twice.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

int plain(int t) {
  auto f = [t] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return t;
  };
  return unawait::block_on(f());
}

int plain(double t) {
  auto f = [t] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return static_cast<int>(t * 2);
  };
  return unawait::block_on(f());
}

template <class T> int over(T t) {
  auto f = [t] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return static_cast<int>(t);
  };
  return unawait::block_on(f());
}

template <class T> int over(T t, int k) {
  auto f = [t, k] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return static_cast<int>(t) + k;
  };
  return unawait::block_on(f());
}

int main() { std::printf("%d %d %d %d\n", plain(1), plain(2.0), over(3), over(4, 5)); }
// OUT: 1 4 3 9

// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} plain_lambda_future {
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} plain_lambda_future_2 {
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} over_lambda_future {
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} over_lambda_future_2 {
// SHAPE: {{^ *}}auto f = [t, k]() -> over_lambda_future_2<T> {
