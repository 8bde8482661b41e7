// A function template whose frame keeps a closure sized per instance,
// named with all its template arguments by a call in a template that is
// never instantiated. Clang leaves that call unresolved (its argument is a
// co_await, whose type depends on the template around it), and so makes no
// keeps<int>. The rewritten call is resolved where the template is defined
// (the awaited value is a variable of a known type), so the compiler builds
// keeps_future<int>, whose closure's size the rewrite must specialize: the
// tool instantiates keeps<int> to measure it. (Before, the rewrite exited 0
// and its output did not compile: fuzz seed 35001398.)
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/lambda_tracers.hpp"

template <class T> UNAWAIT_ASYNC unawait::Async<int> keeps(T t) {
  auto l = [t] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await wake_yield(int(t));
  };
  co_return co_await l();
}

template <class U> UNAWAIT_ASYNC unawait::Async<int> never(U u) {
  co_return co_await keeps<int>(co_await wake_yield(int(u)));
}

template <class U> struct Never {
  void run(U u) {
    auto l = [u] UNAWAIT_ASYNC () -> unawait::Async<int> {
      co_return co_await keeps<short>(co_await wake_yield(int(u)));
    };
    (void)l;
  }
};

int main() { std::printf("keeps %d\n", unawait::block_on(keeps<long>(3))); }
// OUT: keeps 3

// SHAPE: struct keeps_future_closures<keeps_future<long>> {
// SHAPE: struct keeps_future_closures<keeps_future<int>> {
// SHAPE: struct keeps_future_closures<keeps_future<short>> {
