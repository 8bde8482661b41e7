// An annotated lambda naming a declaration of the function around it without
// capturing it (a static local, a local type, a constant read without a
// capture, a using-directive) is an error at the name: the generated class
// is outside that function.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

namespace tools {
inline int twice(int n) { return 2 * n; }
} // namespace tools

int static_local() {
  static int calls = 0;
  auto f = [] UNAWAIT_ASYNC () -> unawait::Async<int> {
    // CHECK: lambda-names-local.cpp:[[@LINE+1]]:7: error: a declaration of the function around an annotated lambda named in the lambda without a capture cannot be rewritten: the generated class is outside that function; move the declaration to namespace scope, or capture the variable ('calls')
    ++calls;
    co_return co_await ready(calls);
  };
  return unawait::block_on(f());
}

int local_type() {
  struct Point {
    int x;
  };
  auto f = [] UNAWAIT_ASYNC () -> unawait::Async<int> {
    // CHECK: lambda-names-local.cpp:[[@LINE+1]]:5: error: a declaration of the function around an annotated lambda {{.*}} ('Point')
    Point p{co_await ready(1)};
    co_return p.x;
  };
  return unawait::block_on(f());
}

int constant() {
  constexpr int size = 3;
  auto f = [] UNAWAIT_ASYNC () -> unawait::Async<int> {
    // CHECK: lambda-names-local.cpp:[[@LINE+1]]:30: error: a declaration of the function around an annotated lambda {{.*}} ('size')
    co_return co_await ready(size);
  };
  return unawait::block_on(f());
}

int using_directive() {
  // CHECK: lambda-names-local.cpp:[[@LINE+1]]:3: error: a declaration of the function around an annotated lambda {{.*}} (a using-directive or namespace alias)
  using namespace tools;
  auto f = [] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return twice(co_await ready(1));
  };
  return unawait::block_on(f());
}

int main() {
  return static_local() + local_type() + constant() + using_directive() == 7 ? 0 : 1;
}
