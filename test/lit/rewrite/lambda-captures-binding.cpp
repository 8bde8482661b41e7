// Annotated lambdas capturing structured bindings (C++20 allows it, C++17
// does not): the rewrite spells each capture as an init-capture, `[b]` ->
// `[b_capture = b]`, `[&b]` -> `[&b_capture = b]`, and `[=]` (`[&]`) using
// b -> `[=, b_capture = b]` (`[&, &b_capture = b]`), which copies the same
// object once, or refers to it (not `[b = b]`, which shadows the binding:
// clang's -Wshadow). Bindings of an aggregate and of a tuple-like type (a
// reference element is copied, as the capture copies what it names), a
// mutable lambda's copy kept call after call, a lambda inside capturing the
// capture. The tracers show one copy per capture by copy, none otherwise.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"
#include <tuple>

struct Pair {
  Named first;
  int second;
};

struct One {
  int value;
};

// The function already spells value_capture: the init-capture takes
// value_capture2.
int spelled_capture_name() {
  auto [value] = One{5};
  int value_capture = 1;
  auto lambda = [value] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return value;
  };
  return unawait::block_on(lambda()) + value_capture;
}

int main() {
  std::printf("spelled %d\n", spelled_capture_name());
  auto [named, count] = Pair{Named("pair", 1), 2};
  auto explicit_captures = [named, &count] UNAWAIT_ASYNC (int add) -> unawait::Async<int> {
    co_await wake_yield(0);
    count += add;
    co_return named.value * 100 + count;
  };
  std::printf("explicit %d\n", unawait::block_on(explicit_captures(5)));
  std::printf("count %d\n", count);

  auto default_copy = [=] UNAWAIT_ASYNC () -> unawait::Async<int> {
    int v = co_await wake_yield(named.value);
    co_return v + count;
  };
  count = 40;
  std::printf("default copy %d\n", unawait::block_on(default_copy()));
  auto default_reference = [&] UNAWAIT_ASYNC () -> unawait::Async<void> {
    co_await wake_yield(0);
    named.value += 1;
    ++count;
  };
  unawait::block_on(default_reference());
  std::printf("after default reference %d %d\n", named.value, count);

  Named outside("outside", 7);
  std::tuple<Named, Named &, int> tuple{Named("element", 3), outside, 4};
  auto &[element, referred, number] = tuple;
  auto tuple_like = [element, referred, &number] UNAWAIT_ASYNC () mutable
      -> unawait::Async<int> {
    element.value += 10;
    co_await wake_yield(0);
    ++number;
    co_return element.value + referred.value * 100 + number * 1000;
  };
  outside.value = 8;
  std::printf("tuple-like %d\n", unawait::block_on(tuple_like()));
  std::printf("tuple-like %d\n", unawait::block_on(tuple_like()));
  std::printf("after tuple-like %d %d %d\n", element.value, referred.value,
              number);

  auto nested = [count] UNAWAIT_ASYNC () -> unawait::Async<int> {
    int v = co_await wake_yield(1);
    co_return [count] { return count; }() + [&] { return count * 10; }() + v;
  };
  std::printf("nested %d\n", unawait::block_on(nested()));
  poll_then_drop(explicit_captures(1), 1);
  std::printf("count %d\n", count);
}
// OUT: spelled 6
// OUT-NEXT: +pair
// OUT-NEXT: +pair (copy)
// OUT-NEXT: explicit 107
// OUT-NEXT: count 7
// OUT-NEXT: +pair (copy)
// OUT-NEXT: default copy 8
// OUT-NEXT: after default reference 2 41
// OUT-NEXT: +outside
// OUT-NEXT: +element
// OUT-NEXT: +element (move)
// OUT-NEXT: -element
// OUT-NEXT: +element (copy)
// OUT-NEXT: +outside (copy)
// OUT-NEXT: tuple-like 5713
// OUT-NEXT: tuple-like 6723
// OUT-NEXT: after tuple-like 3 8 6
// OUT-NEXT: nested 452
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: count 41
// OUT-NEXT: -outside
// OUT-NEXT: -element
// OUT-NEXT: -element
// OUT-NEXT: -outside
// OUT-NEXT: -pair
// OUT-NEXT: -pair
// OUT-NEXT: -pair
// SHAPE: auto lambda = [value_capture2 =
// SHAPE-NEXT: value]() -> spelled_capture_name_lambda_future {
// SHAPE-NEXT: return spelled_capture_name_lambda_future(value_capture2);
// SHAPE: auto explicit_captures = [named_capture = named, &count_capture = count](
// SHAPE: return main_lambda_future(named_capture, count_capture, std::move(add));
// SHAPE: auto default_copy = [=, named_capture = named,
// SHAPE-NEXT: count_capture = count]() -> main_lambda_future_2 {
// SHAPE-NEXT: return main_lambda_future_2(named_capture, count_capture);
// SHAPE: auto default_reference = [&, &named_capture = named,
// SHAPE-NEXT: &count_capture = count]() -> main_lambda_future_3 {
// SHAPE-NEXT: return main_lambda_future_3(named_capture, count_capture);
// SHAPE: auto tuple_like = [element_capture = element, referred_capture = referred,
// SHAPE-NEXT: &number_capture =
// SHAPE-NEXT: number]() mutable -> main_lambda_future_4 {
// SHAPE: auto nested = [count_capture = count]() -> main_lambda_future_5 {
// SHAPE-NEXT: return main_lambda_future_5(count_capture);
