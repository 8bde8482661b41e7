// Which function exists depends on VALUE, which only the compiler arguments
// define.
#include <unawait/unawait.hpp>

#ifndef VALUE
#error VALUE is not defined
#endif

#if VALUE == 3
UNAWAIT_ASYNC unawait::Async<int> value_is_three() {
  co_await unawait::yield_now();
  co_return VALUE;
}
#else
UNAWAIT_ASYNC unawait::Async<int> value_is_not_three() {
  co_await unawait::yield_now();
  co_return VALUE;
}
#endif
