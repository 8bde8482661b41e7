#include <unawait/unawait.hpp>

struct Ready {
  using output_type = int;
  int value;
  unawait::Poll<int> poll(unawait::Context &) { return unawait::ready(value); }
};

namespace outer {
UNAWAIT_ASYNC unawait::Async<int> first(int n) { co_return co_await Ready{n}; }


UNAWAIT_ASYNC unawait::Async<int> second(int n) { co_return co_await first(n) + 1; }
#if 1
UNAWAIT_ASYNC unawait::Async<int> third(int n) { co_return co_await second(n) + 1; }
#endif
template <class T>
UNAWAIT_ASYNC unawait::Async<T> fourth(T n) { co_return co_await Ready{n}; }
} // namespace outer
