// An annotated generic lambda with a parameter pack (`auto... values`,
// `auto &&...named`): the generated class template's parameter pack is the
// invented one (`values_auto...`, also in `sizeof...(values_auto)`), the
// frame keeps the pack as one member (`unawait::detail::pack<...>`), and
// the deduction guide deduces what the lambda deduced: by value from the
// moved arguments, by forwarding reference an lvalue or an rvalue
// reference. Tracers show that by-value arguments are moved into the frame
// once and forwarded ones not copied at all.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

inline int value_of(const Named &named) { return named.value; }
inline int value_of(int value) { return value; }

int main() {
  int base = 100;
  auto sum = [base] UNAWAIT_ASYNC (auto... values) -> unawait::Async<int> {
    int v = co_await wake_yield(1);
    co_return base + v + (0 + ... + static_cast<int>(values)) +
              static_cast<int>(sizeof...(values));
  };
  std::printf("sum() %d\n", unawait::block_on(sum()));
  std::printf("sum(1, 2.5) %d\n", unawait::block_on(sum(1, 2.5)));

  auto names = [] UNAWAIT_ASYNC (const char *prefix, auto &&...named) -> unawait::Async<int> {
    co_await wake_yield(0);
    std::printf("%s", prefix);
    ((std::printf(" %s", named.name)), ...);
    std::printf("\n");
    co_return (0 + ... + named.value);
  };
  Named first("first", 1);
  std::printf("names %d\n", unawait::block_on(names("got", first, Named("temp", 2))));

  auto take = [] UNAWAIT_ASYNC (auto... named) -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return (1 + ... + value_of(named));
  };
  // (One traced argument: C++ leaves the order of parameters open.)
  Named a("a", 3);
  std::printf("take %d\n", unawait::block_on(take(std::move(a), 4)));
}
// OUT: sum() 101
// OUT-NEXT: sum(1, 2.5) 106
// OUT-NEXT: +first
// OUT-NEXT: +temp
// OUT-NEXT: got first temp
// OUT-NEXT: names 3
// OUT-NEXT: -temp
// OUT-NEXT: +a
// OUT-NEXT: +a (move)
// OUT-NEXT: +a (move)
// OUT-NEXT: -a
// OUT-NEXT: take 8
// OUT-NEXT: -a
// OUT-NEXT: -a
// OUT-NEXT: -first
// SHAPE: {{^}}template <class... values_auto> class {{\[\[nodiscard\]\]}} main_lambda_future {
// SHAPE: {{^ *}}main_lambda_future(const int &base_arg, values_auto &&...values_arg) {
// SHAPE: {{^ *}}return poll_pack(cx, std::make_index_sequence<sizeof...(values_auto)>());
// SHAPE: {{^ *}}static_cast<int>(sizeof...(values_auto)));
// SHAPE: {{^ *}}unawait::detail::pack<values_auto...> values;
// SHAPE: {{^}}template <class... values_auto>
// SHAPE-NEXT: {{^}}main_lambda_future(const int &base_arg, values_auto &&...values_arg)
// SHAPE-NEXT: {{^ *}}-> main_lambda_future<values_auto...>;
// SHAPE: {{^ *}}unawait::detail::pack<named_auto &&...> named;
// SHAPE: {{^ *}}auto sum = [base](auto... values) -> auto {
// SHAPE-NEXT: {{^ *}}return main_lambda_future(base, std::move(values)...);
// SHAPE: {{^ *}}auto names = [](const char *prefix, auto &&...named) -> auto {
// SHAPE-NEXT: {{^ *}}return main_lambda_future_2(std::move(prefix),
// SHAPE-NEXT: {{^ *}}std::forward<decltype(named)>(named)...);
