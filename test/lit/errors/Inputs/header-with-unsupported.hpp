#pragma once
#include <unawait/unawait.hpp>

namespace lib {
UNAWAIT_ASYNC inline unawait::Async<int> fine(int n) {
  co_await unawait::yield_now();
  co_return n;
}

UNAWAIT_ASYNC inline unawait::Async<int> unsupported(int n) {
  goto end;
end:
  co_return n;
}
} // namespace lib
