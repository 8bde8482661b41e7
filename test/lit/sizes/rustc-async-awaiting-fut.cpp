// rustc's tests/ui/async-await/future-sizes/async-awaiting-fut.rs in C++: a
// future holding a 1 KiB argument is passed by value to an async function
// that awaits it in a loop. rustc reports 3078 bytes for test(). Rust's
// `impl Future` parameter becomes the concrete future BigFut here (function
// templates come later); like big_fut, it holds its 1 KiB argument.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes --format=json %s | %python %S/Inputs/sizes.py wait calls_fut test | FileCheck %s --check-prefix=SIZES
#include <unawait/unawait.hpp>

#include <cstdio>

/// big_fut(arg): a future that holds its argument and is ready at once.
struct BigFut {
  using output_type = void;
  unsigned char arg[1024];
  unawait::Poll<void> poll(unawait::Context &) {
    std::printf("big_fut polled, arg[0] = %d\n", arg[0]);
    return unawait::ready();
  }
};
BigFut big_fut(unsigned char first) {
  BigFut fut{};
  fut.arg[0] = first;
  return fut;
}

UNAWAIT_ASYNC unawait::Async<void> wait() { co_return; }

UNAWAIT_ASYNC unawait::Async<void> calls_fut(BigFut fut) {
  for (;;) {
    co_await wait();
    if (true) {
      co_return co_await fut;
    } else {
      co_await wait();
    }
  }
}

UNAWAIT_ASYNC unawait::Async<void> test() {
  BigFut fut = big_fut(9);
  co_await calls_fut(fut);
}

int main() { unawait::block_on(test()); }
// OUT: big_fut polled, arg[0] = 9

// SIZES: wait 1
// SIZES-NEXT: calls_fut 1026
// SIZES-NEXT: test 1027
