// A header API whose function is declared before its definition: the
// header's rewrite keeps its unawait::Async<T> signature, so that callers in
// other files box it, and their size reports measure the boxed frame from
// the definition they see here.
#pragma once
#include <unawait/unawait.hpp>

namespace api {

UNAWAIT_ASYNC unawait::Async<int> fill(int n);

UNAWAIT_ASYNC inline unawait::Async<int> fill(int n) {
  int buffer[16] = {n};
  co_await unawait::yield_now();
  co_return buffer[0] + buffer[15];
}

} // namespace api
