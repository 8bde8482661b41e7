// An annotated lambda capturing `*this`: the closure holds the copy of the
// object, and the frame's `this` points at that copy (`const` unless the
// lambda is mutable), as a coroutine lambda reads `*this` through its
// closure. Tracers show the one copy, made when the lambda is, and that
// changes to the original after it are not seen.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/test_futures.hpp"

#ifdef __clang__
#pragma clang diagnostic ignored "-Wc++23-lambda-attributes"
#endif

class Widget {
public:
  explicit Widget(int value) : value_(value) {}

  int run() {
    auto read = [*this] UNAWAIT_ASYNC (int add) -> unawait::Async<int> {
      co_await wake_yield(0);
      co_return value_ + add + co_await wake_yield(value_);
    };
    value_ = -100; // the closure's copy keeps 5
    int first = unawait::block_on(read(1));
    return first + unawait::block_on(read(2));
  }

  int count() {
    auto bump = [*this] UNAWAIT_ASYNC () mutable -> unawait::Async<int> {
      co_await wake_yield(0);
      value_ += 10; // the closure's own copy, call after call
      co_return value_;
    };
    int first = unawait::block_on(bump());
    return first * 1000 + unawait::block_on(bump());
  }

  int value() const { return value_; }

private:
  Tracer tracer_{"widget"};
  int value_;
};

int main() {
  Widget widget(5);
  std::printf("run %d\n", widget.run());
  std::printf("value after run %d\n", widget.value());
  Widget other(1);
  std::printf("count %d\n", other.count());
  std::printf("value after count %d\n", other.value());
}
// OUT: +widget
// OUT-NEXT: +widget (copy)
// OUT-NEXT: -widget
// OUT-NEXT: run 23
// OUT-NEXT: value after run -100
// OUT-NEXT: +widget
// OUT-NEXT: +widget (copy)
// OUT-NEXT: -widget
// OUT-NEXT: count 11021
// OUT-NEXT: value after count 1
// OUT-NEXT: -widget
// OUT-NEXT: -widget
// SHAPE: {{^ *}}run_lambda_future(const Widget *self_arg, int &&add_arg) {
// SHAPE: {{^ *}}auto read = [*this](int add) -> run_lambda_future {
// SHAPE-NEXT: {{^ *}}return run_lambda_future(this, std::move(add));
// SHAPE: {{^ *}}explicit count_lambda_future(Widget *self_arg) {
