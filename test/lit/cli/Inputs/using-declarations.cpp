#include <unawait/unawait.hpp>
#include <algorithm>
#include <utility>

UNAWAIT_ASYNC unawait::Async<int> swapped(int a, int b) {
  using std::swap;
  using std::max;
  co_await unawait::yield_now();
  swap(a, b);
  co_return max(a, b) - b;
}
