// Implicit captures (`[=]`, `[&]`) in function templates and members of
// class templates. clang leaves a template pattern's implicit captures of
// variables to each instance (its closure lists only `this` and what is
// written), so the rewrite completes them from the body (LambdaCaptures.h):
// a plain `[=]` lambda copies each kept object it names through an
// init-capture, as outside templates, rather than reading the frame's
// member later through `this` (before, `copy_then_change` printed the
// changed value); an annotated lambda's generated class takes each
// variable its body names. Tracers show `[=]` copying a T once; prints
// show what each closure saw.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
#include "Inputs/lambda_tracers.hpp"

/// A plain `[=]` lambda copies `a` and the kept `b` where it is made; the
/// changes after it do not reach the copies.
template <class T> UNAWAIT_ASYNC unawait::Async<int> copy_then_change(T a) {
  int b = a.value + 1;
  co_await wake_yield(0);
  auto read = [=] { return a.value * 100 + b; };
  b = 50;
  a.value = 60;
  int r = read();
  co_await wake_yield(0);
  co_return r + b;
}

/// Annotated lambdas: `[=]` takes copies of `a`, of the dependent `doubled`
/// and of the non-dependent `c`; `[&]` changes `c` and `count` in place.
template <class T> UNAWAIT_ASYNC unawait::Async<int> annotated(T a, int count) {
  T doubled = a;
  doubled.value *= 2;
  int c = 3;
  auto by_copy = [=] UNAWAIT_ASYNC (int m) -> unawait::Async<int> {
    int x = co_await wake_yield(m);
    co_return x + a.value + doubled.value + c + count;
  };
  int r = co_await by_copy(1);
  auto by_reference = [&] UNAWAIT_ASYNC () -> unawait::Async<int> {
    int x = co_await wake_yield(1);
    c += x;
    ++count;
    co_return x + a.value + doubled.value;
  };
  r += co_await by_reference();
  co_return r * 100 + c * 10 + count;
}

/// A member of a class template: `[&]` captures `this`, `k` and `local`,
/// which it reads after the change. (A `[=]` closure awaited there is kept
/// in the frame: errors/lambda-in-template.cpp.)
template <class T> class Counter {
public:
  explicit Counter(T start) : start_(start) {}

  UNAWAIT_ASYNC unawait::Async<int> run(int k) {
    int local = k + 1;
    auto step = [&] UNAWAIT_ASYNC () -> unawait::Async<int> {
      int x = co_await wake_yield(local);
      co_return x + start_.value + k;
    };
    local = 100;
    int r = co_await step();
    co_return r + local;
  }

private:
  T start_;
};

int main() {
  std::printf("copy_then_change %d\n", unawait::block_on(copy_then_change(Named("a", 4))));
  std::printf("annotated %d\n", unawait::block_on(annotated(Named("n", 2), 7)));
  Counter<Named> counter(Named("start", 10));
  std::printf("run %d\n", unawait::block_on(counter.run(5)));
}
// OUT: +a
// OUT-NEXT: +a (move)
// OUT-NEXT: +a (copy)
// OUT-NEXT: -a
// OUT-NEXT: -a
// OUT-NEXT: copy_then_change 455
// OUT-NEXT: -a
// OUT-NEXT: +n
// OUT-NEXT: +n (move)
// OUT-NEXT: +n (copy)
// OUT-NEXT: +n (copy)
// OUT-NEXT: +n (copy)
// OUT-NEXT: -n
// OUT-NEXT: -n
// OUT-NEXT: -n
// OUT-NEXT: -n
// OUT-NEXT: annotated 2448
// OUT-NEXT: -n
// OUT-NEXT: +start
// OUT-NEXT: +start (copy)
// OUT-NEXT: -start
// OUT-NEXT: run 215
// OUT-NEXT: -start

// Each variable named through the capture-default is captured: copied by an
// init-capture of the frame's member, or passed to the generated class.
// SHAPE: [=, a = a, b = b] { return a.value * 100 + b; }
// SHAPE: [=, a = a, doubled = doubled, c = c,
// SHAPE: return annotated_lambda_future<T>(a, doubled, c, count,
// SHAPE: auto by_reference = [&]() -> annotated_lambda_future_2<T> {
// SHAPE-NEXT: return annotated_lambda_future_2<T>(c, count, a, doubled);
// SHAPE: auto step = [&]() -> run_lambda_future {
// SHAPE-NEXT: return run_lambda_future(self, local, k);
