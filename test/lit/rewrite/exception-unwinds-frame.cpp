// An exception leaving poll() while the frame keeps objects alive destroys
// them during the unwinding, youngest first, before the caller's handler
// runs (each destructor sees std::uncaught_exceptions() == 1, as a
// coroutine's locals do), and leaves the future finished: dropping it
// afterwards destroys nothing more. The shapes of bench/poll's raii_loop16
// (objects kept across the awaits of a loop) and try_loop16 (the await
// inside a try block, here one whose handler does not catch the exception).
// contract-poll-after-throw.cpp polls such a future again.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite --line-directives %s | %golden %s | FileCheck %s
#include "Inputs/test_futures.hpp"

#include <exception>
#include <stdexcept>

/// Prints its destruction, and whether an exception is unwinding then.
struct Unwound {
  explicit Unwound(const char *name) : name(name) { std::printf("+%s\n", name); }
  Unwound(const Unwound &) = delete;
  ~Unwound() {
    std::printf("-%s%s\n", name,
                std::uncaught_exceptions() > 0 ? " (unwinding)" : "");
  }
  const char *name;
};

/// Pending once, then ready with `value`, or throws if `fail`.
struct FailsIf {
  using output_type = int;
  bool fail;
  int value;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    if (fail)
      throw std::runtime_error("the awaited future failed");
    return unawait::ready(value);
  }
};

UNAWAIT_ASYNC unawait::Async<int> raii_loop(int fail_at) {
  // golden begin
  Unwound outer("outer");
  int sum = 0;
  for (int i = 0; i < 3; ++i) {
    Unwound inner("inner");
    sum += co_await FailsIf{i == fail_at, i};
  }
  co_return sum;
  // golden end
}

UNAWAIT_ASYNC unawait::Async<int> try_loop(int fail_at) {
  // golden begin
  Unwound outer("outer");
  int failures = 0;
  for (int i = 0; i < 3; ++i) {
    try {
      Unwound inner("in try");
      co_await FailsIf{i == fail_at, i};
    } catch (const std::logic_error &) {
      ++failures;
    }
  }
  co_return failures;
  // golden end
}

/// Polls until ready or an exception leaves poll(); then drops the future.
template <class Future> void run(const char *name, Future future) {
  std::printf("%s\n", name);
  unawait::Context cx(unawait::noop_waker());
  try {
    while (true) {
      auto polled = future.poll(cx);
      if (polled.is_ready()) {
        std::printf("ready: %d\n", std::move(polled).value());
        break;
      }
    }
  } catch (const std::exception &e) {
    std::printf("caught: %s\n", e.what());
  }
  std::printf("dropping\n");
}

int main() {
  run("raii_loop, no failure", raii_loop(-1));
  run("raii_loop, fails at 1", raii_loop(1));
  run("try_loop, no failure", try_loop(-1));
  run("try_loop, fails at 2", try_loop(2));
  std::printf("end\n");
}
// OUT: raii_loop, no failure
// OUT-NEXT: +outer
// OUT-NEXT: +inner
// OUT-NEXT: -inner
// OUT-NEXT: +inner
// OUT-NEXT: -inner
// OUT-NEXT: +inner
// OUT-NEXT: -inner
// OUT-NEXT: -outer
// OUT-NEXT: ready: 3
// OUT-NEXT: dropping
// OUT-NEXT: raii_loop, fails at 1
// OUT-NEXT: +outer
// OUT-NEXT: +inner
// OUT-NEXT: -inner
// OUT-NEXT: +inner
// OUT-NEXT: -inner (unwinding)
// OUT-NEXT: -outer (unwinding)
// OUT-NEXT: caught: the awaited future failed
// OUT-NEXT: dropping
// OUT-NEXT: try_loop, no failure
// OUT-NEXT: +outer
// OUT-NEXT: +in try
// OUT-NEXT: -in try
// OUT-NEXT: +in try
// OUT-NEXT: -in try
// OUT-NEXT: +in try
// OUT-NEXT: -in try
// OUT-NEXT: -outer
// OUT-NEXT: ready: 0
// OUT-NEXT: dropping
// OUT-NEXT: try_loop, fails at 2
// OUT-NEXT: +outer
// OUT-NEXT: +in try
// OUT-NEXT: -in try
// OUT-NEXT: +in try
// OUT-NEXT: -in try
// OUT-NEXT: +in try
// OUT-NEXT: -in try (unwinding)
// OUT-NEXT: -outer (unwinding)
// OUT-NEXT: caught: the awaited future failed
// OUT-NEXT: dropping
// OUT-NEXT: end
