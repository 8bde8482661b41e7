#pragma once
#include <unawait/unawait.hpp>

namespace lib {

template <typename T>
UNAWAIT_ASYNC unawait::Async<T> twice(T n) {
  co_await unawait::yield_now();
  co_return n + n;
}

template <typename T>
struct Box {
  T value;
  UNAWAIT_ASYNC unawait::Async<T> get() {
    co_await unawait::yield_now();
    co_return value;
  }
};

} // namespace lib
