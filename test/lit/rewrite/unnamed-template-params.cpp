// Unnamed template parameters of an annotated function template (a
// constraint through a defaulted `class = std::enable_if_t<...>`, an unnamed
// non-type parameter): the rewritten definition names them, so that its
// body can name every argument of the class template.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/test_futures.hpp"
#include <type_traits>

template <class T, class = std::enable_if_t<std::is_integral_v<T>>>
UNAWAIT_ASYNC unawait::Async<T> twice(T value) {
  Tracer t("twice");
  T got = co_await wake_yield(static_cast<int>(value));
  co_return got * 2;
}

template <int = 0, typename = void>
UNAWAIT_ASYNC unawait::Async<int> tagged(int n) {
  co_return co_await twice(n) + 1;
}

int main() {
  std::printf("%d\n", unawait::block_on(twice(21)));
  std::printf("%ld\n", unawait::block_on(twice(4L)));
  std::printf("%d\n", unawait::block_on(tagged(5)));
  std::printf("%d\n", unawait::block_on(tagged<3, int>(6)));
}
// OUT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: 42
// OUT-NEXT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: 8
// OUT-NEXT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: 11
// OUT-NEXT: +twice
// OUT-NEXT: -twice
// OUT-NEXT: 13
// The rewritten definitions name the parameters (a comment of the rewrite
// output starts with "//", so the anchored lines cannot match themselves).
// SHAPE: {{^ *}}class UnnamedParam1 = std::enable_if_t<std::is_integral_v<T>>>
// SHAPE-NEXT: {{^}}twice_future<T, UnnamedParam1> twice(T value) {
// SHAPE-NEXT: {{^}}  return twice_future<T, UnnamedParam1>(std::move(value));
// SHAPE: {{^}}template <int UnnamedParam1 = 0, typename UnnamedParam2 = void>
// SHAPE-NEXT: {{^}}tagged_future<UnnamedParam1, UnnamedParam2> tagged(int n) {
