// A function g in an anonymous namespace; each file that includes this
// defines its own. BUF decides the size of its frame.
#include <unawait/unawait.hpp>

#include <cstdio>

namespace {

UNAWAIT_ASYNC unawait::Async<void> g() {
  unsigned char buf[BUF] = {};
  co_await unawait::yield_now();
  std::printf("%d\n", buf[0]);
}

} // namespace
