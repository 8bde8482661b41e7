// rustc's tests/ui/async-await/future-sizes/large-arg.rs in C++: a 1 KiB
// argument passed down three awaited async functions. rustc lays out
// test() in 3076 bytes, a copy of the argument at every level
// (rust-lang/rust#62958). unawait builds each awaited future first and moves
// it, unstarted, into the storage of the dead argument: each level adds one
// byte of state.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes --format=json %s | %python %S/Inputs/sizes.py c b a test | FileCheck %s --check-prefix=SIZES
#include <unawait/unawait.hpp>

#include <cstdio>

struct Big {
  unsigned char bytes[1024];
};

UNAWAIT_ASYNC unawait::Async<Big> c(Big t) { co_return t; }
UNAWAIT_ASYNC unawait::Async<Big> b(Big t) { co_return co_await c(t); }
UNAWAIT_ASYNC unawait::Async<Big> a(Big t) { co_return co_await b(t); }
UNAWAIT_ASYNC unawait::Async<void> test() { co_await a(Big{}); }

int main() {
  unawait::block_on(test());
  Big big{};
  big.bytes[1000] = 42;
  std::printf("%d\n", unawait::block_on(a(big)).bytes[1000]);
}
// OUT: 42

// SIZES: c 1025
// SIZES-NEXT: b 1026
// SIZES-NEXT: a 1027
// SIZES-NEXT: test 1028
