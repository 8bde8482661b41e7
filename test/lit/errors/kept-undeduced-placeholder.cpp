// A kept variable of a template whose placeholder type the rewrite does not
// spell from its initializer yet: `decltype(auto)` of a name (decltype of an
// id-expression is its declared type, which the rewrite's std::declval
// stand-ins change; of any other expression it is kept:
// rewrite/template-decltype-auto.cpp) and a braced list (a
// std::initializer_list). Each is an error at the variable, never an output
// that does not compile.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"
#include <initializer_list>

template <class T> T &self(T &object) { return object; }

template <class T> UNAWAIT_ASYNC unawait::Async<T> same(T value) {
  // CHECK: kept-undeduced-placeholder.cpp:[[@LINE+1]]:18: error: a variable of a template declared with a list ('auto v = {a, b}'), with a placeholder inside another type, or with 'decltype(auto)' from a name or member access written without parentheses ('decltype(auto) v = x;'), whose type depends on template arguments, kept across a suspension point is not supported yet: its member is spelled from the initializer only for 'auto', 'const auto', 'auto *', 'const auto *', 'auto &', 'const auto &', 'auto &&' and 'decltype(auto)' of any other expression; declare it with one of those, or spell the type ('same' is declared 'decltype(auto)')
  decltype(auto) same = value;
  co_await unawait::yield_now();
  co_return same;
}

template <class T> UNAWAIT_ASYNC unawait::Async<T> first(T value) {
  // CHECK: kept-undeduced-placeholder.cpp:[[@LINE+1]]:8: error: a variable of a template declared with a list ('auto v = {a, b}'), {{.*}} ('list' is declared 'auto')
  auto list = {value, value};
  co_await unawait::yield_now();
  co_return *list.begin();
}

int main() { return unawait::block_on(same(1)) + unawait::block_on(first(2)) == 3 ? 0 : 1; }
// CHECK: 2 errors generated.
