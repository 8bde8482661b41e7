#include <unawait/unawait.hpp>

#include <array>

UNAWAIT_ASYNC unawait::Async<int> job(int n) {
  std::array<char, 4096> buf{};
  co_await unawait::yield_now();
  co_return buf[0] + n;
}
