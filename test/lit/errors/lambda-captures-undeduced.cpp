// An annotated lambda in a template capturing a variable declared with a
// placeholder, or with an init-capture, whose type depends on template
// arguments is an error at the capture (for an implicit one, where the body
// names it): its generated class template takes each capture by its type,
// which this version spells from the variable's initializer, whose names
// are the function's. (Before, the rewrite exited 0 with `const auto
// &d_arg` in the class's constructor: fuzz seed 33000366.)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

template <class T> T plus_one(T v) { return v + 1; }

template <class T> UNAWAIT_ASYNC unawait::Async<int> by_name(T a) {
  auto d = plus_one(a);
  // CHECK: lambda-captures-undeduced.cpp:[[@LINE+1]]:13: error: an annotated lambda in a template capturing a variable declared with a placeholder ('auto', 'const auto &', 'decltype(auto)'), or with an init-capture ('[v = f(t)]'), whose type depends on template arguments is not supported yet: its generated class template, outside the function, takes each capture by its type, which this version spells from the variable's initializer, whose names are the function's; spell the variable's type ('T d = ...'), or copy it into a variable of a spelled type and capture that ('d' is declared 'auto')
  auto f = [d] UNAWAIT_ASYNC () -> unawait::Async<int> { co_return co_await ready(int(d)); };
  co_return co_await f();
}

template <class T> UNAWAIT_ASYNC unawait::Async<int> through_default(T a) {
  const auto &r = plus_one(a);
  auto f = [&] UNAWAIT_ASYNC () -> unawait::Async<int> {
    // CHECK: lambda-captures-undeduced.cpp:[[@LINE+1]]:34: error: an annotated lambda in a template capturing a variable declared with a placeholder {{.*}} ('r' is declared 'const auto &')
    co_return co_await ready(int(r));
  };
  co_return co_await f();
}

template <class T> UNAWAIT_ASYNC unawait::Async<int> init_capture(T a) {
  // CHECK: lambda-captures-undeduced.cpp:[[@LINE+1]]:13: error: an annotated lambda in a template capturing {{.*}} ('v' is declared 'auto')
  auto f = [v = plus_one(a)] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(int(v));
  };
  co_return co_await f();
}

int main() {
  return unawait::block_on(by_name(1)) + unawait::block_on(through_default(2)) +
         unawait::block_on(init_capture(3));
}
