// An annotated lambda with a template parameter list (`[]<class T>(T n)`,
// C++20): C++17 has none for a lambda, so the rewritten lambda takes `auto`
// where a parameter's type is a template parameter (`T n` -> `auto n`,
// `const T &` -> `const auto &`, `Ts &&...` -> `auto &&...`), and the
// generated class template keeps the parameters' names, so that its body
// reads `T` as written. The class is built through the deduction guide of
// a generic lambda, which deduces the same arguments. Tracers show that a
// by-value argument is moved into the frame once and references not copied.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

#include <type_traits>

int main() {
  int base = 100;
  auto add = [base] <class T> UNAWAIT_ASYNC (T n) -> unawait::Async<int> {
    T doubled = n + n;
    int v = co_await wake_yield(1);
    co_return base + v + static_cast<int>(doubled) + static_cast<int>(sizeof(T));
  };
  std::printf("add(int) %d\n", unawait::block_on(add(2)));
  std::printf("add(double) %d\n", unawait::block_on(add(3.5)));

  auto touch = [] <class R, class W> UNAWAIT_ASYNC (const R &read, W &&write, int extra)
      -> unawait::Async<int> {
    co_await wake_yield(0);
    write.value += read.value + extra;
    co_return write.value + (std::is_reference_v<W> ? 1000 : 0);
  };
  Named kept("kept", 1);
  Named target("target", 10);
  std::printf("touch lvalue %d\n", unawait::block_on(touch(kept, target, 5)));
  std::printf("touch rvalue %d\n", unawait::block_on(touch(kept, Named("temp", 20), 5)));

  auto take = [] <class... Ts> UNAWAIT_ASYNC (Ts... values) -> unawait::Async<int> {
    co_await wake_yield(0);
    co_return static_cast<int>(sizeof...(Ts)) * 10 + (0 + ... + values.value);
  };
  std::printf("take %d\n", unawait::block_on(take(Named("arg", 7))));
}
// OUT: add(int) 109
// OUT-NEXT: add(double) 116
// OUT-NEXT: +kept
// OUT-NEXT: +target
// OUT-NEXT: touch lvalue 1016
// OUT-NEXT: +temp
// OUT-NEXT: touch rvalue 26
// OUT-NEXT: -temp
// OUT-NEXT: +arg
// OUT-NEXT: +arg (move)
// OUT-NEXT: -arg
// OUT-NEXT: take 17
// OUT-NEXT: -arg
// OUT-NEXT: -target
// OUT-NEXT: -kept
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} main_lambda_future {
// SHAPE: {{^ *}}static_cast<int>(sizeof(T)));
// SHAPE: {{^ *}}T doubled;
// SHAPE: {{^}}main_lambda_future(const int &base_arg, T &&n_arg) -> main_lambda_future<T>;
// SHAPE: {{^}}template <class R, class W> class {{\[\[nodiscard\]\]}} main_lambda_future_2 {
// SHAPE: {{^ *}}result.emplace((*write).value + (std::is_reference_v<W> ? 1000 : 0));
// SHAPE: {{^}}template <class... Ts> class {{\[\[nodiscard\]\]}} main_lambda_future_3 {
// SHAPE: {{^ *}}auto add = [base](auto n) -> auto {
// SHAPE-NEXT: {{^ *}}return main_lambda_future(base, std::move(n));
// SHAPE: {{^ *}}auto touch = [](const auto &read, auto &&write, int extra) -> auto {
// SHAPE: {{^ *}}auto take = [](auto... values) -> auto {
// SHAPE-NEXT: {{^ *}}return main_lambda_future_3(std::move(values)...);
