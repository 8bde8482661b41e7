// The seed's frame-size pair: a buffer used after the await is in the frame;
// a buffer dead before the await is not.
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> holds_buffer(int n) {
  unsigned char buf[4096] = {};
  buf[0] = static_cast<unsigned char>(n);
  co_await unawait::yield_now();
  co_return buf[0];
}

UNAWAIT_ASYNC unawait::Async<int> drops_before_await(int n) {
  {
    unsigned char buf[4096] = {};
    buf[0] = static_cast<unsigned char>(n);
    n = buf[0];
  }
  co_await unawait::yield_now();
  co_return n;
}
