#pragma once
#include <unawait/unawait.hpp>

namespace lib {
UNAWAIT_ASYNC inline unawait::Async<int> fine(int n) {
  co_await unawait::yield_now();
  co_return n;
}

UNAWAIT_ASYNC inline unawait::Async<int> unsupported(int n) {
  delete[] new int[1]{co_await fine(n)};
  co_return n;
}
} // namespace lib
