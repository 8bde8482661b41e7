// A function template whose frame keeps a closure sized per instance,
// called by templates that are never instantiated, with a co_await among
// the arguments: clang leaves those calls unresolved (a co_await's type
// depends on the template around it) and makes no instance of keeps for
// them. The rewritten calls are resolved where the templates are defined
// (the awaited value is a variable of a known type), so the compiler builds
// keeps_future<int> and keeps_future<short>, with the closure's bytes its
// bound gives in each. (Before, the rewrite exited 0 and its output did not
// compile: fuzz seed 35001398.)
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

template <class U> UNAWAIT_ASYNC unawait::Async<int> never_deduced(U u) {
  co_return co_await keeps(co_await wake_yield(int(u)));
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

// SHAPE: unawait::detail::closure_bound<T>::size
