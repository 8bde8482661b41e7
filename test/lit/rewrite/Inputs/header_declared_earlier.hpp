// An annotated function declared before its definition, in a header, for
// header-function-declared-earlier.cpp: the header's rewrite keeps its
// unawait::Async<T> signature, and callers in other files box it.
#pragma once
#include "test_futures.hpp"

namespace lib {

UNAWAIT_ASYNC unawait::Async<int> measured(const char *label, int n);

UNAWAIT_ASYNC inline unawait::Async<int> measured(const char *label, int n) {
  Tracer tracer(label);
  int value = co_await wake_yield(n);
  std::printf("measured %s %d\n", tracer.name, value);
  co_return value * 2;
}

} // namespace lib
