// The report lists a function template per instance, never the template
// itself: the instances annotated functions await (arguments as the
// rewritten program deduces them) and those unannotated code builds with
// arguments that are the same in both programs. main's use_future(test())
// is use_future<Async<void>> to clang but use_future<test_future> once
// rewritten: only the latter is listed. Every size is proven by the
// static_asserts of the differential run.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes --format=json %s | %python %S/Inputs/sizes.py "keep_twice<char>" "keep_twice<long long>" "use_future<test_future>" top | FileCheck %s --check-prefix=SIZES
// RUN: unawait sizes --format=json %s | FileCheck %s --check-prefix=NAMES
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
#include <unawait/unawait.hpp>

#include <cstdio>

template <class T>
UNAWAIT_ASYNC unawait::Async<int> keep_twice(T value) {
  T copy = value;
  co_await unawait::yield_now();
  co_return static_cast<int>(copy + value);
}

UNAWAIT_ASYNC unawait::Async<void> test() { co_await unawait::yield_now(); }

template <class F>
UNAWAIT_ASYNC unawait::Async<void> use_future(F fut) {
  co_await fut;
}

UNAWAIT_ASYNC unawait::Async<void> top() {
  int twice = co_await keep_twice(21LL);
  std::printf("%d\n", twice);
}

int main() {
  std::printf("%d\n", unawait::block_on(keep_twice('a')));
  unawait::block_on(use_future(test()));
  unawait::block_on(top());
}
// OUT: 194
// OUT-NEXT: 42

// keep_twice<char>: value, copy, the yield_now() future, the state and the
// live byte (copy has a live bit: its type depends on T).
// SIZES: keep_twice<char> 5
// SIZES-NEXT: keep_twice<long long> 24
// SIZES-NEXT: use_future<test_future> 3
// SIZES-NEXT: top 32

// NAMES-NOT: "name": "keep_twice"
// NAMES-NOT: "name": "use_future"
// NAMES-NOT: Async

// TEXT: function `keep_twice<long long>` ({{.*}}template-instances.cpp:17): 24 bytes, alignment 8 bytes
// TEXT-NEXT: state `Start`: 8 bytes
// TEXT-NEXT: param `value`: 8 bytes, offset 0, type `long long`: a parameter
