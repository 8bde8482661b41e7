#include "local-header.hpp"
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> twice_local(int n) {
  co_await unawait::yield_now();
  co_return n * local_factor;
}
