// Annotated explicit specializations of function templates. Where the
// template's generated class template is emitted, the specialization's class
// is its explicit specialization (`template <> class special_future<const
// char *>`), as the function returns what its template returns; where the
// template keeps the boxed signature (declared before its definition, or
// only declared), the specialization returns unawait::Async<T> and has a
// class of its own.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

template <class T> UNAWAIT_ASYNC unawait::Async<int> special(T value) {
  int v = co_await wake_yield(static_cast<int>(value));
  co_return v + 1;
}

template <>
UNAWAIT_ASYNC unawait::Async<int> special<const char *>(const char *text) {
  Tracer t("special");
  int v = co_await wake_yield(static_cast<int>(text[0]));
  co_return v;
}

// Only declared: its specializations keep the boxed signature.
template <class T> unawait::Async<int> declared(T value);

template <> UNAWAIT_ASYNC unawait::Async<int> declared<int>(int value) {
  Tracer t("declared");
  co_return co_await wake_yield(value) * 3;
}

UNAWAIT_ASYNC unawait::Async<int> both() {
  int a = co_await special(2);
  int b = co_await special("A");
  co_return a + b + co_await declared(1);
}

int main() {
  std::printf("%d\n", unawait::block_on(special(5)));
  std::printf("%d\n", unawait::block_on(special("a")));
  std::printf("%d\n", unawait::block_on(declared(2)));
  std::printf("%d\n", unawait::block_on(both()));
}
// OUT: 6
// OUT-NEXT: +special
// OUT-NEXT: -special
// OUT-NEXT: 97
// OUT-NEXT: +declared
// OUT-NEXT: -declared
// OUT-NEXT: 6
// OUT-NEXT: +special
// OUT-NEXT: -special
// OUT-NEXT: +declared
// OUT-NEXT: -declared
// OUT-NEXT: 71
// SHAPE: {{^}}template <> class {{\[\[nodiscard\]\]}} special_future<const char *> {
// SHAPE: {{^}}special_future<const char *> special<const char *>(const char *text) {
// SHAPE-NEXT: {{^}}  return special_future<const char *>(std::move(text));
// SHAPE: {{^}}class {{\[\[nodiscard\]\]}} declared_future {
// SHAPE: {{^}}template <> unawait::Async<int> declared<int>(int value) {
// SHAPE-NEXT: {{^}}  return unawait::Async<int>(declared_future(std::move(value)));
// SIZES: function `special<const char *>`
// SIZES: function `declared<int>`
// SIZES: awaitee `future1`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `special_future<const char *>`
