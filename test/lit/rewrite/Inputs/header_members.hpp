// A class with annotated members defined in it, in a header, for
// header-member-nests-inline.cpp: the header is rewritten on its own (the
// generated classes nested in the class), and the source's callers nest them.
#pragma once
#include "test_futures.hpp"

namespace lib {

class Meter {
public:
  explicit Meter(int scale) : scale_(scale) {}

  UNAWAIT_ASYNC unawait::Async<int> read(const char *label, int n) {
    Tracer tracer(label);
    int value = co_await wake_yield(n);
    std::printf("read %s %d\n", tracer.name, value);
    co_return value * scale_;
  }

  UNAWAIT_ASYNC unawait::Async<int> read_twice(int n) const {
    int once = co_await wake_yield(n);
    co_return once + scale_;
  }

  UNAWAIT_ASYNC static unawait::Async<int> unit() {
    co_await wake_yield(0);
    co_return 1;
  }

private:
  int scale_;
};

} // namespace lib
