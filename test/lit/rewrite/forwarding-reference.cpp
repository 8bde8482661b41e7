// A forwarding reference parameter (`T &&value`) of an annotated function
// template: the frame keeps a pointer to the referred object, declared
// through std::remove_reference_t (T may be an lvalue reference), and the
// rewritten function forwards the argument to the class (an lvalue stays an
// lvalue). Once the rewrite printed a `T *` and a std::move that did not
// compile for an lvalue argument.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
#include "Inputs/test_futures.hpp"

// CHECK: {{^ *}}std::remove_reference_t<T> *value;
// CHECK: {{^}}template <class T> use_future<T> use(T &&value) {
// CHECK-NEXT: {{^ *}}return use_future<T>(std::forward<T>(value));
template <class T>
UNAWAIT_ASYNC unawait::Async<int> use(T &&value) {
  co_await wake_yield(0);
  Tracer copy = value; // a copy of an lvalue, a copy of a const rvalue
  co_return copy.name[0];
}

int main() {
  Tracer named("n");
  const Tracer constant("c");
  int a = unawait::block_on(use(named));
  int b = unawait::block_on(use(constant));
  int c = unawait::block_on(use(Tracer("t")));
  std::printf("%d %d %d\n", a, b, c);
}
// OUT: +n
// OUT-NEXT: +c
// OUT-NEXT: +n (copy)
// OUT-NEXT: -n
// OUT-NEXT: +c (copy)
// OUT-NEXT: -c
// OUT-NEXT: +t
// OUT-NEXT: +t (copy)
// OUT-NEXT: -t
// OUT-NEXT: -t
// OUT-NEXT: 110 99 116
// OUT-NEXT: -c
// OUT-NEXT: -n
