// An annotated lambda capturing a structured binding is an error at the
// capture: the frame points at what the lambda's body names, and a binding
// is no variable. (An init-capture of it is: [b = b].)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

struct Pair {
  int first;
  int second;
};

int main() {
  auto [a, b] = Pair{1, 2};
  // CHECK: lambda-captures-binding.cpp:[[@LINE+1]]:13: error: an annotated lambda capturing a structured binding is not supported yet: a binding has no variable the frame can point at; capture it through an init-capture ([b = b] or [&b = b])
  auto f = [a, &b] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(a + b);
  };
  return unawait::block_on(f()) == 3 ? 0 : 1;
}
