// A header API of templates: its rewrite generates class templates, but
// callers in another file do not nest their instances yet (boxed).
#pragma once
#include <unawait/unawait.hpp>

namespace lib {
template <class T> UNAWAIT_ASYNC unawait::Async<T> twice(T v) { co_return v * 2; }

template <class T> struct Cell {
  T value;
  UNAWAIT_ASYNC unawait::Async<T> get() { co_return value; }
};
} // namespace lib
