// An annotated lambda whose generated class has nowhere to go is an error at
// the lambda: outside any function or variable (a default argument), in a
// member function defined outside its class in another file than the
// class, in a member of a local class, in a generic lambda (the other
// templates around a lambda: lambda-in-template.cpp). Each is a row of its
// own.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// RUN: not unawait sizes %s 2>&1 | FileCheck %s
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"
#include "Inputs/plain-member.hpp"

// CHECK: lambda-placement.cpp:[[@LINE+1]]:50: error: an annotated lambda outside a function and outside the initializer of a variable or data member (in a default argument, say) is not supported yet: its generated class goes before the declaration around it, and this version places none before a parameter; write the coroutine as an annotated function and call it from the lambda
int with_default(unawait::Async<int> (*f)(int) = [] UNAWAIT_ASYNC (int n) -> unawait::Async<int> {
  co_return co_await ready(n);
}) {
  return unawait::block_on(f(1));
}

int DefinedElsewhere::run() {
  // CHECK: lambda-placement.cpp:[[@LINE+1]]:12: error: an annotated lambda inside a member function defined outside its class in another file than the class, or in a variable defined outside its namespace or class is not supported yet: its generated class would be declared in that class or namespace, where this version declares none (the class's file is not rewritten with this one); define the function in the class's file, or the variable in its namespace
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
    // CHECK: lambda-placement.cpp:[[@LINE+1]]:14: error: an annotated lambda inside a generic lambda, or a generic annotated lambda inside a template is not supported yet
    auto f = [value] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await ready(static_cast<int>(value));
    };
    return unawait::block_on(f());
  };
  return outer(0);
}

int main() {
  return with_default() + in_generic_lambda() +
         DefinedElsewhere().run() + in_local_class() == 4
             ? 0
             : 1;
}
