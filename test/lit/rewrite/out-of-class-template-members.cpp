// Members of class templates defined outside the class, and member
// templates of a plain class defined outside it: the class declares the
// generated class (`template <class U> class as_future;`), which is defined
// before the definition under the class's parameter lists, as the
// definition writes them; the function keeps the boxed signature, like any
// member declared in its class and defined elsewhere. Instances are
// measured with clang's instantiation (a std::vector<T> kept).
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=SHAPE
#include "Inputs/test_futures.hpp"
#include <vector>

template <class T> class Box {
public:
  explicit Box(T v) : value_(v) {}
  UNAWAIT_ASYNC unawait::Async<T> get(int extra);
  template <class U> UNAWAIT_ASYNC unawait::Async<U> as(U scale);

private:
  T value_;
};

template <class T>
UNAWAIT_ASYNC unawait::Async<T> Box<T>::get(int extra) {
  Tracer t("get");
  std::vector<T> kept{value_, value_};
  int v = co_await wake_yield(extra);
  co_return kept[0] + kept[1] + static_cast<T>(v);
}

template <class T>
template <class U>
UNAWAIT_ASYNC unawait::Async<U> Box<T>::as(U scale) {
  T got = co_await get(1);
  co_return static_cast<U>(got) * scale;
}

struct Plain {
  template <class U> UNAWAIT_ASYNC unawait::Async<U> twice(U u);
};

template <class U> UNAWAIT_ASYNC unawait::Async<U> Plain::twice(U u) {
  U v = co_await wake_yield(static_cast<int>(u));
  co_return v * 2;
}

int main() {
  Box<int> b(5);
  std::printf("%d\n", unawait::block_on(b.get(2)));
  std::printf("%ld\n", unawait::block_on(Box<long>(7).get(3)));
  std::printf("%g\n", unawait::block_on(b.as(1.5)));
  std::printf("%d\n", unawait::block_on(Plain().twice(21)));
}
// OUT: +get
// OUT-NEXT: -get
// OUT-NEXT: 12
// OUT-NEXT: +get
// OUT-NEXT: -get
// OUT-NEXT: 17
// OUT-NEXT: +get
// OUT-NEXT: -get
// OUT-NEXT: 16.5
// OUT-NEXT: 42
// SHAPE: {{^ *}}template <class U> class as_future;
// SHAPE: {{^}}template <class T> class {{\[\[nodiscard\]\]}} Box<T>::get_future {
// SHAPE: {{^}}template <class T> template <class U> class {{\[\[nodiscard\]\]}} Box<T>::as_future {
// SHAPE: {{^}}template <class U> class {{\[\[nodiscard\]\]}} Plain::twice_future {
