// Classes whose annotated members are defined in another file.
#pragma once
#include "futures.hpp"

template <class T> struct Declared {
  UNAWAIT_ASYNC unawait::Async<int> later();
};

struct WithTemplate {
  template <class T> unawait::Async<int> later(T value);
};
