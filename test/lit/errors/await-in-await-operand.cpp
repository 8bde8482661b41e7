// co_await in the operand of another co_await is an error at the inner co_await.
// RUN: unawait rewrite %s > %t.out 2> %t.err; test $? -eq 1
// RUN: count 0 < %t.out
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error:
// The file is valid C++20: the error is unawait's own.
// RUN: %clangxx17 -std=c++20 -fsyntax-only %s
#include "Inputs/futures.hpp"

/// A future whose output is another future.
struct MakeReady {
  using output_type = Ready;
  unawait::Poll<Ready> poll(unawait::Context &) { return unawait::ready(Ready{2}); }
};

UNAWAIT_ASYNC unawait::Async<int> nested() {
  // CHECK: await-in-await-operand.cpp:[[@LINE+1]]:20: error: co_await in the operand of another co_await is not supported yet
  int a = co_await co_await MakeReady{};
  co_return a;
}
