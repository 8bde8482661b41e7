// What stays an error for an annotated lambda inside a template (one inside
// a function template or a member function defined in its class template
// is rewritten: rewrite/lambda-in-function-template.cpp,
// lambda-in-class-template-member.cpp, lambda-in-async-template.cpp): a
// generic lambda around it or a generic annotated lambda, a template other
// than those (a friend of a class template, a member defined outside its
// class template, an unnamed template parameter), a captured pack, and a
// closure kept in a template's frame that copies an object of a type with
// no name outside the function (the instances' error:
// lambda-in-template-instance.cpp). Each is a row of its
// own, reported at the lambda (the closure).
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

#include <string>
#include <tuple>

template <class T> int in_generic_lambda(T value) {
  auto outer = [](auto scale) {
    // CHECK: lambda-in-template.cpp:[[@LINE+1]]:14: error: an annotated lambda inside a generic lambda, or a generic annotated lambda inside a template is not supported yet: its generated class would be a template over the generic lambda's invented parameters and the template's together, which this version does not combine; write an annotated function template with the lambda's parameters as template parameters, and call it from the lambda
    auto f = [scale] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await ready(static_cast<int>(scale));
    };
    return unawait::block_on(f());
  };
  return outer(static_cast<int>(value));
}

template <class T> int generic_in_template(T value) {
  // CHECK: lambda-in-template.cpp:[[@LINE+1]]:12: error: an annotated lambda inside a generic lambda, or a generic annotated lambda inside a template
  auto f = [] UNAWAIT_ASYNC (auto n) -> unawait::Async<int> {
    co_return co_await ready(static_cast<int>(n));
  };
  return unawait::block_on(f(value));
}

template <class T> class Box {
  T value_;

public:
  explicit Box(T value) : value_(value) {}
  int outside() const;
  friend int peek(const Box &box) {
    // CHECK: lambda-in-template.cpp:[[@LINE+1]]:14: error: an annotated lambda inside a template other than a function template or a member function defined in its class template (a variable template, a friend function or a default member initializer of a class template, a member defined outside its class template), or inside a template with an unnamed template parameter is not supported yet: its generated class would be a template over the parameters around it, which this version copies from a function template, or is nested in the class template, only; move the lambda into a function template (a member defined in the class), with every template parameter named
    auto f = [&box] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await ready(static_cast<int>(box.value_));
    };
    return unawait::block_on(f());
  }
};

template <class T> int Box<T>::outside() const {
  // CHECK: lambda-in-template.cpp:[[@LINE+1]]:12: error: an annotated lambda inside a template other than a function template or a member function defined in its class template
  auto f = [this] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(static_cast<int>(value_));
  };
  return unawait::block_on(f());
}

template <class T, class = void> int unnamed_parameter(T value) {
  // CHECK: lambda-in-template.cpp:[[@LINE+1]]:12: error: an annotated lambda inside a template other than a function template or a member function defined in its class template
  auto f = [value] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(static_cast<int>(value));
  };
  return unawait::block_on(f());
}

template <class... Ts> int captures_pack(Ts... values) {
  // CHECK: lambda-in-template.cpp:[[@LINE+1]]:12: error: an annotated lambda capturing a pack ('[ts...]', '[&ts...]') is not supported yet: its frame would keep one capture per element of the pack, which this version does not lay out; capture a tuple of the pack ('auto all = std::forward_as_tuple(ts...);', '[&all]') and read it with std::get or std::apply
  auto f = [values...] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(static_cast<int>((0 + ... + values)));
  };
  return unawait::block_on(f());
}

// (A closure kept in a template's frame is sized by a bound over its
// members' types: rewrite/closure-kept-in-class-template.cpp. A member whose
// type has no name outside the function, here a variable declared 'auto'
// whose type depends on T, has no spelling there.)
template <class T> struct Holder {
  T value;
  UNAWAIT_ASYNC unawait::Async<int> kept_closure() {
    auto copy = value;
    std::string name = "holder";
    // CHECK: lambda-in-template.cpp:[[@LINE+1]]:10: error: a closure kept across a suspension point and named only before it, in a template, that captures a pack, '*this' or a structured binding, or copies an object of a type not named outside the function {{.*}} is not supported yet: {{.*}} ('log': it copies a 'auto', a type not named outside the function)
    auto log = [copy, name] { return name.size() + static_cast<std::size_t>(copy); };
    log();
    co_return co_await ready(1);
  }
};

template <class T> UNAWAIT_ASYNC unawait::Async<int> closure_named_after(T value) {
  // CHECK: lambda-in-template.cpp:[[@LINE+1]]:8: error: an object of a lambda, local or unnamed class or enumeration type kept across a suspension point cannot be rewritten: {{.*}} ('f': a lambda's closure)
  auto f = [&value] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(static_cast<int>(value));
  };
  int first = co_await f();
  co_return first + co_await f();
}

int main() {
  int total = in_generic_lambda(1) + generic_in_template(2) + peek(Box<int>(3)) +
              Box<int>(4).outside() + unnamed_parameter(5) + captures_pack(6, 7);
  Holder<int> holder{9};
  total += unawait::block_on(holder.kept_closure()) + unawait::block_on(closure_named_after(10));
  return total;
}
