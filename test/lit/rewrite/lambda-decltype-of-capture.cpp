// `decltype(x)` of an annotated lambda's capture is the captured entity's
// declared type (a variable's, a structured binding's), whatever the capture
// holds; the frame reads the capture through a pointer, so the rewrite spells
// the type out. `decltype((x))` names the closure's member as an lvalue,
// const in a lambda that is not mutable, and is what the pointer reads.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

template <class T> const char *spelled() {
  if (std::is_same_v<T, int>)
    return "int";
  if (std::is_same_v<T, const int>)
    return "const int";
  if (std::is_same_v<T, int &>)
    return "int &";
  if (std::is_same_v<T, const int &>)
    return "const int &";
  return "other";
}

struct Pair {
  int first;
  const int second;
};

int main() {
  int x = 1;
  int &r = x;
  auto [a, b] = Pair{2, 3};
  auto f = [x, &r, a, &b] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_await wake_yield(0);
    decltype(x) copy = x;
    std::printf("x: %s, (x): %s\n", spelled<decltype(x)>(), spelled<decltype((x))>());
    std::printf("r: %s, (r): %s\n", spelled<decltype(r)>(), spelled<decltype((r))>());
    // (Not `decltype((a))`: clang 19 and GCC 12 disagree on it.)
    std::printf("a: %s\n", spelled<decltype(a)>());
    std::printf("b: %s, (b): %s\n", spelled<decltype(b)>(), spelled<decltype((b))>());
    co_return copy + r + a + b;
  };
  std::printf("f %d\n", unawait::block_on(f()));
}
// OUT: x: int, (x): const int &
// OUT-NEXT: r: int &, (r): int &
// OUT-NEXT: a: int
// OUT-NEXT: b: const int, (b): const int &
// OUT-NEXT: f 7
// SHAPE: {{^}}      int copy = (*x);
