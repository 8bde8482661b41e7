// The forms of annotated templates not rewritten yet are errors at their
// location; the rest of the file is not rewritten.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the errors are unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

#include <vector>

// CHECK: function-template.cpp:[[@LINE+2]]:35: error: an annotated function template with a parameter pack or an unnamed template parameter is not supported yet
template <class... Ts>
UNAWAIT_ASYNC unawait::Async<int> variadic(Ts... values) {
  co_await ready(0);
  co_return sizeof...(values);
}

template <class T> struct Holder {
  // CHECK: function-template.cpp:[[@LINE+1]]:42: error: an annotated member of a class template or member template is not supported yet
  UNAWAIT_ASYNC static unawait::Async<T> get(T value) {
    co_await ready(0);
    co_return value;
  }
};

template <class T> UNAWAIT_ASYNC unawait::Async<int> special(T);
template <>
// CHECK: function-template.cpp:[[@LINE+1]]:35: error: an annotated explicit specialization is not supported yet
UNAWAIT_ASYNC unawait::Async<int> special<int>(int value) {
  co_await ready(0);
  co_return value;
}

// CHECK: function-template.cpp:[[@LINE+2]]:35: error: an annotated function template declared before its definition is not supported yet
template <class T>
UNAWAIT_ASYNC unawait::Async<int> special(T) {
  co_await ready(0);
  co_return 0;
}

template <class F>
UNAWAIT_ASYNC unawait::Async<int> awaits_dependent_temporary(F future) {
  // CHECK: function-template.cpp:[[@LINE+1]]:22: error: a co_await of a temporary whose type depends on template arguments is not supported yet: await a variable
  co_return co_await F(future);
}

template <class T>
UNAWAIT_ASYNC unawait::Async<int> keeps_a_vector(T value) {
  std::vector<T> values{value};
  co_await ready(0);
  co_return static_cast<int>(values.size());
}

UNAWAIT_ASYNC unawait::Async<int> caller() {
  // CHECK: function-template.cpp:[[@LINE+2]]:22: error: an instance whose frame keeps an object whose size depends on template arguments in a compound type is not supported yet: keep the object behind a pointer, or as a template parameter itself ('keeps_a_vector<int>' keeps 'std::vector<T>')
  // CHECK: function-template.cpp:[[@LINE-7]]:18: note: 'values' is declared here
  co_return co_await keeps_a_vector(1);
}

int use() {
  auto a = variadic(1, 2);
  auto b = Holder<int>::get(1);
  auto c = special(1);
  auto d = special(1.0);
  auto e = awaits_dependent_temporary(ready(1));
  return 0;
}
