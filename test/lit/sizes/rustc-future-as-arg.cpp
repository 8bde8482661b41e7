// rustc's tests/ui/async-await/future-sizes/future-as-arg.rs in C++: a
// future holding a 16-byte argument, passed by value through five levels of
// a generic async function that awaits it. rustc's test expects more than
// 550 bytes (575 when the issue was filed): every level keeps the future it
// was given and a second copy it awaits (rust-lang/rust#62958). Here each
// level is an instance of use_future's class template holding the future
// it was given, polled in place: a level adds its state byte.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes --format=json %s | %python %S/Inputs/sizes.py test "use_future<test_future>" "use_future<use_future_future<use_future_future<use_future_future<use_future_future<test_future>>>>>" run | FileCheck %s --check-prefix=SIZES
#include <unawait/unawait.hpp>

#include <cstdio>

struct Arg16 {
  unsigned char bytes[16];
};

UNAWAIT_ASYNC unawait::Async<void> test(Arg16 arg) {
  std::printf("test got %d\n", arg.bytes[15]);
  co_return;
}

template <class F>
UNAWAIT_ASYNC unawait::Async<void> use_future(F fut) {
  co_await fut;
}

UNAWAIT_ASYNC unawait::Async<void> run() {
  Arg16 arg{};
  arg.bytes[15] = 7;
  co_await use_future(use_future(use_future(use_future(use_future(test(arg))))));
}

int main() { unawait::block_on(run()); }
// OUT: test got 7

// SIZES: test 17
// SIZES-NEXT: use_future<test_future> 18
// SIZES-NEXT: use_future<use_future_future<use_future_future<use_future_future<use_future_future<test_future>>>>> 22
// SIZES-NEXT: run 24
