// In a function template, an operand C++ evaluates before a co_await of the
// same full-expression and uses after it, whose type depends on template
// arguments (`out << c1.get() << co_await ...`, found by the fuzzer: seed
// 2001247 of the 2026-12-06 long run, rejected): kept in
// unawait::detail::bound like `auto &&v = e;` (a pointer where the instance
// has a glvalue, the value where it has a prvalue) and read where it was
// with its own value category (unawait::detail::pass_on). The prints show
// C++'s order; an instance whose value is a class with an observable copy
// or move is an error (errors/template-early-class-value.cpp).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
#include "Inputs/test_futures.hpp"

struct Point {
  int x, y;
};

struct Source {
  int value;
  int get() const {
    std::printf("get %d\n", value);
    return value;
  }
  const int &ref() const {
    std::printf("ref %d\n", value);
    return value;
  }
  Point point() const {
    std::printf("point %d\n", value);
    return {value, value + 1};
  }
};

int add(int a, int b) { return a + b; }
int add_ref(const int &a, int b) { return a + b; }
int take(int &&a, int b) { return a * 100 + b; }
int sum(Point p, int b) { return p.x + p.y + b; }

template <class T>
UNAWAIT_ASYNC unawait::Async<int> early(T source) {
  int total = add(source.get(), co_await wake_yield(1));
  total += add_ref(source.ref(), co_await wake_yield(2));
  total += take(source.get(), co_await wake_yield(3));
  total += sum(source.point(), co_await wake_yield(4));
  co_return total;
}

int main() { std::printf("%d\n", unawait::block_on(early(Source{5}))); }
// CHECK: add(unawait::detail::pass_on<[[GET:value[0-9]+_type]]>(
// CHECK: add_ref(unawait::detail::pass_on<[[REF:value[0-9]+_type]]>(
// CHECK: using [[GET]] = decltype((std::declval<T &>().get()));
// CHECK-NEXT: using [[REF]] = decltype((std::declval<T &>().ref()));

// OUT: get 5
// OUT-NEXT: ref 5
// OUT-NEXT: get 5
// OUT-NEXT: point 5
// OUT-NEXT: 531
