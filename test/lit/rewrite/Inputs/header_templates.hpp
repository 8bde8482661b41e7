// Annotated templates defined in a header, for header-template-nests-inline.cpp:
// a function template, a member of a class template, a member template of a
// class template and a member template of a class. The header is rewritten on
// its own (class templates), and the source's callers nest their instances.
#pragma once
#include "test_futures.hpp"

namespace lib {

template <class T> UNAWAIT_ASYNC unawait::Async<T> twice(const char *label, T v) {
  Tracer tracer(label);
  int woken = co_await wake_yield(1);
  std::printf("twice %s %d\n", tracer.name, woken);
  co_return v * 2;
}

template <class T> class Cell {
public:
  explicit Cell(T value) : value_(value) {}

  UNAWAIT_ASYNC unawait::Async<T> get(const char *label) {
    Tracer tracer(label);
    co_await wake_yield(0);
    co_return value_;
  }

  template <class U> UNAWAIT_ASYNC unawait::Async<U> as(const char *label, U offset) {
    Tracer tracer(label);
    co_await wake_yield(0);
    co_return static_cast<U>(value_) + offset;
  }

private:
  T value_;
};

class Scale {
public:
  explicit Scale(int by) : by_(by) {}

  template <class T> UNAWAIT_ASYNC unawait::Async<T> apply(T v) const {
    co_await wake_yield(0);
    co_return v * by_;
  }

private:
  int by_;
};

} // namespace lib
