// An annotated function defined in a header holding an annotated lambda
// (lambda-in-async-header.cpp): the header's rewrite emits both classes, and
// a caller in another file measures the function's frame with the lambda's
// nested inline.
#pragma once

#include "lambda_tracers.hpp"

namespace lib {
UNAWAIT_ASYNC inline unawait::Async<int> with_lambda(int n) {
  Named kept("kept", n);
  auto inner = [&kept, n] UNAWAIT_ASYNC (int m) -> unawait::Async<int> {
    co_await wake_yield(m);
    co_return kept.value + n + m;
  };
  int r = co_await inner(2);
  co_await wake_yield(0);
  co_return r;
}
} // namespace lib
