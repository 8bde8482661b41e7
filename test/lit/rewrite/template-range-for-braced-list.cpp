// A range-for over a braced list whose elements' type depends on template
// arguments, in a function template whose loop awaits (the DependentBracedRange
// error before): the frame keeps the list's array, declared as
// std::decay_t<decltype((first element))>[N] (the type `auto` deduces for
// the list's elements), built as one array from the list after the first
// element's await (errors/dependent-braced-range.cpp: an await in a later
// element), read through const pointers as a std::initializer_list's
// elements are, and destroyed last element first when the loop ends, on
// cancellation and when an exception leaves it.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

struct Item : Tracer {
  Item(const char *name, int v) : Tracer(name), v(v) {}
  int v;
};
int valueOf(int x) { return x; }
int valueOf(const Item &x) { return x.v; }
template <class T> const char *constness(const T &) { return "const"; }
template <class T> const char *constness(T &) { return "mutable"; }

template <class T> const T &pick(int second, const T &a, const T &b) { return second ? b : a; }

// (An annotated call: its unawait::Async<int> temporary puts the pattern's
// list under cleanups, seed 6000053.)
UNAWAIT_ASYNC unawait::Async<int> second() {
  co_await wake_yield(0);
  co_return 1;
}

// (By reference: the order in which g++ and clang++ copy arguments differs.)
template <class T>
UNAWAIT_ASYNC unawait::Async<int> sum(const T &a, const T &b) {
  int total = 0;
  for (auto &x : {pick(co_await second(), a, b), a, b}) {
    std::printf("%s %d\n", constness(x), valueOf(x));
    total += co_await wake_yield(valueOf(x));
    if (total > 100)
      throw total;
  }
  co_return total;
}

int main() {
  std::printf("ints: %d\n", unawait::block_on(sum(1, 2)));
  Item a("a", 3), b("b", 4);
  std::printf("items: %d\n", unawait::block_on(sum(a, b)));
  std::puts("drop:");
  Item c("c", 5), d("d", 6);
  poll_then_drop(sum(c, d), 3);
  std::puts("throw:");
  Item e("e", 70), f("f", 80);
  try {
    unawait::block_on(sum(e, f));
  } catch (int thrown) {
    std::printf("caught %d\n", thrown);
  }
}
// SIZES-LABEL: function `sum<int>`
// SIZES: temporary `elements4`: 12 bytes, offset {{[0-9]+}}, type `int[3]`: a type that depends on template arguments
// SIZES-LABEL: function `sum<Item>`
// SIZES: temporary `elements4`: 48 bytes, offset {{[0-9]+}}, type `Item[3]`: a type that depends on template arguments

// OUT: const 2
// OUT-NEXT: const 1
// OUT-NEXT: const 2
// OUT-NEXT: ints: 5
// OUT-NEXT: +a
// OUT-NEXT: +b
// OUT-NEXT: +b (copy)
// OUT-NEXT: +a (copy)
// OUT-NEXT: +b (copy)
// OUT-NEXT: const 4
// OUT-NEXT: const 3
// OUT-NEXT: const 4
// OUT-NEXT: -b
// OUT-NEXT: -a
// OUT-NEXT: -b
// OUT-NEXT: items: 11
// OUT-NEXT: drop:
// OUT-NEXT: +c
// OUT-NEXT: +d
// OUT-NEXT: +d (copy)
// OUT-NEXT: +c (copy)
// OUT-NEXT: +d (copy)
// OUT-NEXT: const 6
// OUT-NEXT: const 5
// OUT-NEXT: dropped after 3 polls
// OUT-NEXT: -d
// OUT-NEXT: -c
// OUT-NEXT: -d
// OUT-NEXT: throw:
// OUT-NEXT: +e
// OUT-NEXT: +f
// OUT-NEXT: +f (copy)
// OUT-NEXT: +e (copy)
// OUT-NEXT: +f (copy)
// OUT-NEXT: const 80
// OUT-NEXT: const 70
// OUT-NEXT: -f
// OUT-NEXT: -e
// OUT-NEXT: -f
// OUT-NEXT: caught 150
// OUT-NEXT: -f
// OUT-NEXT: -e
// OUT-NEXT: -d
// OUT-NEXT: -c
// OUT-NEXT: -b
// OUT-NEXT: -a
