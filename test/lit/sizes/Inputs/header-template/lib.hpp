// A header API of templates that keep their declared signature: a function
// template declared before its definition, and members of a class template
// defined outside their class (a member template too); callers in another
// file box them, and measure their instances' frames. (Templates defined where declared nest:
// rewrite/header-template-nests-inline.cpp.)
#pragma once
#include <unawait/unawait.hpp>

namespace lib {
template <class T> UNAWAIT_ASYNC unawait::Async<T> twice(T v);
template <class T> UNAWAIT_ASYNC unawait::Async<T> twice(T v) { co_return v * 2; }

template <class T> struct Cell {
  T value;
  UNAWAIT_ASYNC unawait::Async<T> get();
  template <class U> UNAWAIT_ASYNC unawait::Async<U> plus(U extra);
};
template <class T> UNAWAIT_ASYNC unawait::Async<T> Cell<T>::get() { co_return value; }
template <class T>
template <class U>
UNAWAIT_ASYNC unawait::Async<U> Cell<T>::plus(U extra) {
  U sum = static_cast<U>(value) + extra;
  co_return sum;
}
} // namespace lib
