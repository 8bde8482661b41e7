// rustc's tests/ui/print_type_sizes/async.rs in C++: an 8 KiB argument used
// after an await. rustc reports 16386 bytes for test(): the argument is held
// twice, as the function's upvar and as the local it is moved into. unawait
// holds the parameter once.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes --format=json %s | %python %S/Inputs/sizes.py wait test | FileCheck %s --check-prefix=SIZES
#include <unawait/unawait.hpp>

#include <cstdio>

struct Page {
  unsigned char bytes[8192];
};

void drop(const Page &page) { std::printf("dropped %d\n", page.bytes[8191]); }

UNAWAIT_ASYNC unawait::Async<void> wait() { co_return; }

UNAWAIT_ASYNC unawait::Async<void> test(Page arg) {
  co_await wait();
  drop(arg);
}

int main() {
  Page page{};
  page.bytes[8191] = 7;
  unawait::block_on(test(page));
}
// OUT: dropped 7

// SIZES: wait 1
// SIZES-NEXT: test 8194
