// An annotated lambda whose generated class has nowhere to go is an error at
// the lambda: outside a function, in a template, in an annotated function
// (whose body moves into its own class), in a member function defined
// outside its class, in a member of a local class, in a generic lambda (its
// captures may be packs). Each is a row of its own.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: not unawait sizes %s 2>&1 | FileCheck %s
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

// CHECK: lambda-placement.cpp:[[@LINE+1]]:22: error: an annotated lambda outside a function is not supported yet: its generated class goes before the function around it, and this version places none before a variable; write the coroutine as an annotated function and call it from the lambda
inline auto global = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
  co_return co_await ready(n);
};

template <class T> int in_template(T value) {
  // CHECK: lambda-placement.cpp:[[@LINE+1]]:12: error: an annotated lambda inside a template or a generic lambda is not supported yet: its generated class would be a template over the parameters around it too; write an annotated function template and call it from the lambda
  auto f = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
    co_return co_await ready(n);
  };
  return unawait::block_on(f(static_cast<int>(value)));
}

UNAWAIT_ASYNC unawait::Async<int> in_async(int n) {
  // CHECK: lambda-placement.cpp:[[@LINE+1]]:12: error: an annotated lambda inside an annotated function is not supported yet: the function's body moves into its own generated class, which the lambda's class would have to precede; write the lambda's coroutine as an annotated function
  auto f = [] UNAWAIT_ASYNC (int m) -> unawait::Async<int> {
    co_return co_await ready(m);
  };
  int r = unawait::block_on(f(n));
  co_return co_await ready(r);
}

struct Outside {
  int run();
};

int Outside::run() {
  // CHECK: lambda-placement.cpp:[[@LINE+1]]:12: error: an annotated lambda inside a member function defined outside its class is not supported yet: its generated class would have to be declared in the class and defined before the function; define the function in its class
  auto f = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
    co_return co_await ready(n);
  };
  return unawait::block_on(f(1));
}

int in_local_class() {
  struct Local {
    int run() {
      // CHECK: lambda-placement.cpp:[[@LINE+1]]:16: error: an annotated lambda inside a member function of a local or unnamed class is not supported yet: its generated class goes before the function around it, in a class that callers outside cannot name; move the class to namespace scope and name it
      auto f = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
        co_return co_await ready(n);
      };
      return unawait::block_on(f(1));
    }
  };
  return Local().run();
}

int in_generic_lambda() {
  auto outer = [](auto value) {
    // CHECK: lambda-placement.cpp:[[@LINE+1]]:14: error: an annotated lambda inside a template or a generic lambda
    auto f = [value] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await ready(static_cast<int>(value));
    };
    return unawait::block_on(f());
  };
  return outer(0);
}

int main() {
  return unawait::block_on(global(1)) + in_template(1) + in_generic_lambda() +
         unawait::block_on(in_async(1)) + Outside().run() + in_local_class() == 5
             ? 0
             : 1;
}
