// Unannotated Async<T> coroutines, in a translation unit of their own that
// stays C++20: rewritten code in other translation units awaits them.
#include "test_futures.hpp"

unawait::Async<int> plain_coroutine(int n) {
  Tracer t("plain_coroutine");
  int a = co_await wake_yield(n);
  co_return a + 1;
}
