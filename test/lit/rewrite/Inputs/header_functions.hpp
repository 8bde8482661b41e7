// Annotated functions defined in a header, for header-function-nests-inline.cpp:
// the header is rewritten on its own, and the source's callers nest its classes.
#pragma once
#include "test_futures.hpp"

namespace lib {

UNAWAIT_ASYNC inline unawait::Async<int> scaled(const char *label, int n) {
  Tracer tracer(label);
  int value = co_await wake_yield(n);
  std::printf("scaled %s %d\n", tracer.name, value);
  co_return value * 2;
}

/// Awaits the header's other function: nested inline in the header's rewrite.
UNAWAIT_ASYNC inline unawait::Async<int> scaled_twice(int n) {
  int once = co_await scaled("inner", n);
  co_return co_await scaled("outer", once);
}

} // namespace lib
