// A header API of templates that keep their declared signature: a function
// template declared before its definition, and a member of a class template
// defined outside its class; callers in another file box them, and measure
// their instances' frames. (Templates defined where declared nest:
// rewrite/header-template-nests-inline.cpp.)
#pragma once
#include <unawait/unawait.hpp>

namespace lib {
template <class T> UNAWAIT_ASYNC unawait::Async<T> twice(T v);
template <class T> UNAWAIT_ASYNC unawait::Async<T> twice(T v) { co_return v * 2; }

template <class T> struct Cell {
  T value;
  UNAWAIT_ASYNC unawait::Async<T> get();
};
template <class T> UNAWAIT_ASYNC unawait::Async<T> Cell<T>::get() { co_return value; }
} // namespace lib
