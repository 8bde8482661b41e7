// Awaits inside try blocks: an exception from an awaited future, or thrown
// between awaits, is caught by the function's own handler after the objects
// alive in the try block are destroyed, youngest first; nested try, try in a
// loop and in a switch case, `throw;` from a handler, and an exception that
// leaves the function, which finishes the future. Each try block dispatches
// again at its top: C++ forbids jumping into it.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
#include "Inputs/test_futures.hpp"

struct ThrowsOnBuild {
  explicit ThrowsOnBuild(bool fail) : trace("builds") {
    if (fail)
      throw std::logic_error("constructor");
  }
  Tracer trace;
};

UNAWAIT_ASYNC unawait::Async<int> caught(int mode) {
  Tracer outer("outer");
  int n = 0;
  try {
    Tracer inside("inside");
    n += co_await wake_yield(1);
    Tracer second("second");
    n += co_await Throws{"from the future"};
    std::printf("not reached\n");
  } catch (const std::runtime_error &e) {
    std::printf("caught %s\n", e.what());
  }
  for (int i = 0; i < 3; ++i) {
    try {
      Tracer loop("loop");
      n += co_await wake_yield(i);
      if (i == 1)
        throw std::logic_error("between awaits");
      ThrowsOnBuild built(i == 2 && mode == 1);
      co_await wake_yield(0);
    } catch (const std::logic_error &e) {
      std::printf("caught %s at %d\n", e.what(), i);
    }
  }
  switch (mode) {
  case 0:
    try {
      try {
        Tracer nested("nested");
        co_await wake_yield(0);
        throw 7;
      } catch (int v) {
        std::printf("inner %d\n", v);
        throw;
      }
    } catch (int v) {
      std::printf("outer %d\n", v);
    }
    break;
  default:
    break;
  }
  co_return n;
}

UNAWAIT_ASYNC unawait::Async<int> escapes() {
  Tracer t("escaping");
  try {
    co_await wake_yield(0);
  } catch (const std::logic_error &) {
  }
  co_await Throws{"uncaught"};
  co_return 0;
}

int main() {
  std::printf("mode 0: %d\n", unawait::block_on(caught(0)));
  std::printf("mode 1: %d\n", unawait::block_on(caught(1)));
  try {
    unawait::block_on(escapes());
  } catch (const std::runtime_error &e) {
    std::printf("escaped: %s\n", e.what());
  }
  for (int polls = 0; polls < 6; ++polls)
    poll_then_drop(caught(0), polls);
}
// OUT: +outer
// OUT-NEXT: +inside
// OUT-NEXT: +second
// OUT-NEXT: -second
// OUT-NEXT: -inside
// OUT-NEXT: caught from the future
// OUT: outer 7
// OUT: mode 0: 4
// OUT: caught constructor at 2
// OUT: escaped: uncaught
