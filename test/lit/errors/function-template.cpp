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

// Two function parameter packs: poll()'s body expands one kept pack.
// CHECK: function-template.cpp:[[@LINE+2]]:35: error: an annotated function with more than one function parameter pack is not supported yet: poll()'s body expands the one kept pack over one index pack; take the other packs as std::tuple parameters
template <class... Ts, class... Us>
UNAWAIT_ASYNC unawait::Async<int> two_packs(Ts... first, Us... second) {
  co_await ready(0);
  co_return sizeof...(first) + sizeof...(second);
}

template <class T> struct Holder {
  template <class U> unawait::Async<int> get(U);
};
template <>
template <>
// CHECK: function-template.cpp:[[@LINE+1]]:48: error: an annotated explicit specialization of a member function template for an instance of its class template (`template <> template <> ... S<int>::f<long>(long)`) is not supported yet: its class would be an explicit specialization of a member class template of the instance, which this version does not spell; annotate the member template and pick the case there with `if constexpr`
UNAWAIT_ASYNC unawait::Async<int> Holder<int>::get<long>(long) {
  co_await ready(0);
  co_return 1;
}

int use() {
  auto a = two_packs<int>(1, 2L);
  auto c = Holder<int>().get(1L);
  return 0;
}
