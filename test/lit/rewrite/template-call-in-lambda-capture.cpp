// A by-copy capture of an annotated lambda that is not mutable is a const
// lvalue: passed to an annotated function template with a forwarding pack,
// it deduces `const int &`, and the awaitee's declared type (spelled with
// std::declval of the frame objects) must say so. Found by the fuzzer: the
// rewrite declared va_future<int &> and built va_future<const int &>.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
#include "Inputs/test_futures.hpp"

#ifdef __clang__
#pragma clang diagnostic ignored "-Wc++23-lambda-attributes"
#endif

template <class... Args>
UNAWAIT_ASYNC unawait::Async<int> va(Args &&...args) {
  co_await wake_yield(0);
  co_return (0 + ... + args);
}

// CHECK: {{^ *}}std::remove_reference_t<decltype((va(std::declval<const int &>
int main() {
  int x = 5;
  auto l = [x] UNAWAIT_ASYNC () -> unawait::Async<int> {
    co_return co_await va(x);
  };
  std::printf("%d\n", unawait::block_on(l()));
}
// OUT: 5
