// A structured binding whose type depends on template arguments, kept across
// an await, is read per instance through a reference to what its name names
// (rewrite/template-structured-binding.cpp). An instance where a name has no
// such reference is an error at that name: a bit-field, a tuple-like get<I>
// returning a value (C++ keeps it in a temporary of the binding's own), an
// array decomposed by copy.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <cstddef>
#include <utility>

struct Flags {
  int low : 4;
  int high : 4;
};

struct ByValue {
  int value = 1;
  template <std::size_t I> int get() const { return value; }
};
template <> struct std::tuple_size<ByValue> : std::integral_constant<std::size_t, 1> {};
template <std::size_t I> struct std::tuple_element<I, ByValue> { using type = int; };

UNAWAIT_ASYNC unawait::Async<int> one() { co_return 1; }

template <class T> UNAWAIT_ASYNC unawait::Async<int> bits(T flags) {
  // CHECK: dependent-structured-binding.cpp:[[@LINE+1]]:9: error: a structured binding whose type depends on template arguments, in a block or statement with a co_await, that an instance binds to a bit-field or to a temporary (a tuple-like get<I> returning a value), that decomposes a copy of an array, or that has more than 16 names is not supported yet: the rewrite reads each name where it is used, through a reference to what the instance's binding names; declare a variable for the element and read it
  auto [low, high] = flags;
  co_await one();
  co_return low + high;
}

template <class T> UNAWAIT_ASYNC unawait::Async<int> by_value(T tuple_like) {
  // CHECK: dependent-structured-binding.cpp:[[@LINE+1]]:9: error: a structured binding
  auto [value] = tuple_like;
  co_await one();
  co_return value;
}

template <class T> UNAWAIT_ASYNC unawait::Async<int> array_copy(T element) {
  T elements[2] = {element, element};
  // CHECK: dependent-structured-binding.cpp:[[@LINE+1]]:9: error: a structured binding
  auto [a, b] = elements;
  co_await one();
  co_return a + b;
}

int main() {
  return unawait::block_on(bits(Flags{1, 2})) + unawait::block_on(by_value(ByValue{})) +
                 unawait::block_on(array_copy(1)) ==
                 6
             ? 0
             : 1;
}
// CHECK: 3 errors generated.
