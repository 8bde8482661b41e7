// An annotated lambda copying a structured binding of array type is an error
// at the capture: C++17 cannot capture a binding, and the init-capture the
// rewrite spells instead ([b_capture = b]) would decay the array. (A binding
// of any other type, or captured by reference, is rewritten:
// rewrite/lambda-captures-binding.cpp.)
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only -Wno-c++23-extensions %s
#include "Inputs/futures.hpp"

struct Row {
  int cells[3];
  int width;
};

int main() {
  auto [cells, width] = Row{{1, 2, 3}, 3};
  // CHECK: lambda-captures-binding.cpp:[[@LINE+1]]:13: error: an annotated lambda capturing by copy a structured binding of array type is not supported yet: C++17 cannot capture a binding, and the init-capture the rewrite spells instead ([b_capture = b]) would copy a pointer to its first element; capture it by reference, or copy the array into a std::array first
  auto f = [cells, &width] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await ready(cells[0] + width);
  };
  // An implicit capture is reported where the body names the binding.
  auto g = [=] UNAWAIT_ASYNC () -> unawait::Async<int> {
    // CHECK: lambda-captures-binding.cpp:[[@LINE+1]]:30: error: an annotated lambda capturing by copy a structured binding of array type
    co_return co_await ready(cells[2]);
  };
  return unawait::block_on(f()) + unawait::block_on(g()) == 7 ? 0 : 1;
}
