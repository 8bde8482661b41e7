// A header template its own rewrite rejects (it keeps a lambda object across
// an await, a type the generated class cannot name): callers box it, with
// its frame's size unknown.
#pragma once
#include <unawait/unawait.hpp>

namespace lib {
template <class T> UNAWAIT_ASYNC unawait::Async<T> later(T v) {
  auto read = [v] { return v; };
  co_await unawait::yield_now();
  co_return read();
}
} // namespace lib
