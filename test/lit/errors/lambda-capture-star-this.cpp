// An annotated lambda capturing '*this' (a copy of the object in the
// closure) is an error at the capture.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

struct Widget {
  int value = 1;
  int run() {
    // CHECK: lambda-capture-star-this.cpp:[[@LINE+1]]:15: error: an annotated lambda capturing '*this', a pack or a structured binding is not supported yet: capture 'this' or a named variable
    auto f = [*this] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await ready(value);
    };
    return unawait::block_on(f());
  }
};

int main() { return Widget().run() == 1 ? 0 : 1; }
