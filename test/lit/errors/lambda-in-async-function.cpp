// What an annotated lambda inside an annotated function still cannot be:
// capturing a structured binding of the function (C++17 has no such
// capture, and the init-capture the rewrite would spell does not read the
// frame's decomposition), written in a macro (the function's rewrite
// replaces parts of the lambda's text), and a closure named after an await
// of the function (its type has a name only in the chunk of poll() that
// declares it: the frame cannot keep it there). Each is an error at its
// place; the last is the row of any kept closure.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"
#include <utility>

#define MAKE_LAMBDA(x) [&] UNAWAIT_ASYNC () -> unawait::Async<int> { co_return co_await ready(x); }

UNAWAIT_ASYNC unawait::Async<int> bindings() {
  auto [a, b] = std::pair<int, int>(1, 2);
  auto inner = [&] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await ready(0);
    // CHECK: lambda-in-async-function.cpp:[[@LINE+1]]:15: error: an annotated lambda inside an annotated function capturing a structured binding is not supported yet: C++17 cannot capture a binding, and the init-capture the rewrite would spell instead does not yet read the function's decomposition where the frame keeps it; capture the decomposed object, or copy the element into a variable and capture that ('b')
    co_return b;
  };
  co_return co_await inner() + a;
}

UNAWAIT_ASYNC unawait::Async<int> in_macro(int n) {
  // CHECK: lambda-in-async-function.cpp:[[@LINE+1]]:16: error: an annotated lambda inside an annotated function, written in a macro or as a macro's argument is not supported yet: the function's rewrite replaces the lambda's annotation, return type and body in the text, which a macro's expansion does not give; write the lambda outside the macro
  auto inner = MAKE_LAMBDA(n);
  co_return co_await inner();
}

UNAWAIT_ASYNC unawait::Async<int> named_after_await(int n) {
  // CHECK: lambda-in-async-function.cpp:[[@LINE+1]]:8: error: an object of a lambda, local or unnamed class or enumeration type kept across a suspension point cannot be rewritten: its type cannot be named outside the function; give the type a name at namespace scope, or use std::function for a lambda ('inner': the type of a lambda cannot be named)
  auto inner = [n] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(n);
  };
  int a = co_await inner();
  co_return a + co_await inner();
}

int main() {
  return unawait::block_on(bindings()) + unawait::block_on(in_macro(1)) +
                     unawait::block_on(named_after_await(1)) == 6
             ? 0
             : 1;
}
