// The forms of annotated templates not rewritten yet are errors at their
// location; the rest of the file is not rewritten.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

#include <type_traits>
#include <vector>

// A pack of values of a non-type template parameter pack: no type pack
// names its length.
// CHECK: function-template.cpp:[[@LINE+2]]:35: error: an annotated function with a function parameter pack that is not its last parameter, or whose type expands no template type parameter pack is not supported yet: make the pack the last parameter, with a type such as 'Ts...' or 'Args &&...'
template <int... Ns>
UNAWAIT_ASYNC unawait::Async<int> variadic(std::integral_constant<int, Ns>... values) {
  co_await ready(0);
  co_return sizeof...(values);
}

// CHECK: function-template.cpp:[[@LINE+2]]:35: error: an annotated function with a function parameter pack that is not its last parameter
template <class... Ts>
UNAWAIT_ASYNC unawait::Async<int> pack_first(Ts... values, int last) {
  co_await ready(last);
  co_return sizeof...(values);
}

template <class T> struct Holder {
  unawait::Async<int> get();
};
template <>
// CHECK: function-template.cpp:[[@LINE+1]]:48: error: an annotated explicit specialization of a member of a class template is not supported yet: annotate the member of the class template
UNAWAIT_ASYNC unawait::Async<int> Holder<int>::get() {
  co_await ready(0);
  co_return 1;
}

int use() {
  auto a = variadic(std::integral_constant<int, 1>());
  auto b = pack_first<int>(1, 2);
  auto c = Holder<int>().get();
  return 0;
}
