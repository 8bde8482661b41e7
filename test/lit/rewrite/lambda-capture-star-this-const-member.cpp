// An annotated mutable lambda capturing `*this` in a const member function:
// the closure's copy is const, as `*this` is there, even though the lambda
// is mutable; the overload for const objects is the one called. Before the
// fix the frame's `this` was a pointer to non-const, and the rewrite did not
// compile.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/test_futures.hpp"
#ifdef __clang__
#pragma clang diagnostic ignored "-Wc++23-lambda-attributes"
#endif
class Widget {
public:
  explicit Widget(int value) : value_(value) {}
  int which() const { std::printf("which const\n"); return value_; }
  int which() { std::printf("which mutable\n"); return -value_; }
  int peek() const {
    auto read = [*this] UNAWAIT_ASYNC () mutable -> unawait::Async<int> {
      co_await wake_yield(0);
      co_return which();
    };
    return unawait::block_on(read());
  }
private:
  int value_;
};
int main() {
  Widget widget(5);
  std::printf("peek %d\n", widget.peek());
}
// OUT: which const
// OUT-NEXT: peek 5
// SHAPE: {{^ *}}explicit peek_lambda_future(const Widget *self_arg) {
