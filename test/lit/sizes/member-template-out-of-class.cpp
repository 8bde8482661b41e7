// A member template of a class template defined outside its class: the
// report lists each instance clang made (Cell<int>::plus<long>,
// Cell<int>::plus<short>), like a function template's, and the boxes its
// callers keep give those sizes. The differential run's static_asserts
// prove every size.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes --format=json %s | %python %S/Inputs/sizes.py "Cell<int>::plus<long>" "Cell<int>::plus<short>" | FileCheck %s --check-prefix=SIZES
// RUN: unawait sizes --format=json %s | %python %S/Inputs/boxes.py caller | FileCheck %s --check-prefix=BOXES
#include <unawait/unawait.hpp>

#include <cstdio>

template <class T> struct Cell {
  T value;
  template <class U> UNAWAIT_ASYNC unawait::Async<U> plus(U extra);
};

template <class T>
template <class U>
UNAWAIT_ASYNC unawait::Async<U> Cell<T>::plus(U extra) {
  U sum = static_cast<U>(value) + extra;
  co_await unawait::yield_now();
  co_return sum;
}

UNAWAIT_ASYNC unawait::Async<int> caller() {
  Cell<int> cell{3};
  long b = co_await cell.plus(4L);
  short c = co_await cell.template plus<short>(1);
  co_return static_cast<int>(b + c);
}

int main() { std::printf("%d\n", unawait::block_on(caller())); }
// OUT: 11

// SIZES: Cell<int>::plus<long> 32
// SIZES-NEXT: Cell<int>::plus<short> 24

// BOXES: caller boxes=2 boxed_size=56
// BOXES-NEXT: box future0 in=- size=16 boxed_size=32 state=Suspend0
// BOXES-NEXT: box future1 in=- size=16 boxed_size=24 state=Suspend1
