// A member function of a class template whose frame keeps an object of its
// own class (`Node copy = *this;` across an await): the generated class is
// a member class of the template, and its definition is instantiated with
// the function, when the class is complete, so it is declared there as for
// any other member (a class that is not a template is complete only after
// its definition: its generated class is defined after it). The tracers
// show the copy made once and destroyed with the frame, also on drop.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s
// RUN: unawait rewrite --emit-size-asserts %s -o %t.asserts.cpp
// RUN: %gxx17 -I%S -fsyntax-only %t.asserts.cpp
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
#include "Inputs/test_futures.hpp"

template <class T> struct Node : Tracer {
  Node(const char *name, T v) : Tracer(name), value(v) {}
  T value;
  UNAWAIT_ASYNC unawait::Async<T> copy_across() {
    Node copy = *this;
    copy.value += 1;
    co_await wake_yield(0);
    co_return copy.value * 10 + value;
  }
};

int main() {
  Node<int> node("node", 3);
  std::printf("%d\n", unawait::block_on(node.copy_across()));
  poll_then_drop(node.copy_across(), 1);
  Node<long> wide("wide", 5);
  std::printf("%ld\n", unawait::block_on(wide.copy_across()));
}
// CHECK: template <class T> struct Node : Tracer {
// CHECK: class {{\[\[}}nodiscard]] copy_across_future {
// CHECK: /// local 'copy' (line 19); held at Suspend0
// CHECK-NEXT: Node<T> copy;

// SIZES-LABEL: function `Node<int>::copy_across`
// SIZES: local `copy`: 16 bytes, offset {{[0-9]+}}, type `Node<int>`
// SIZES-LABEL: function `Node<long>::copy_across`
// SIZES: local `copy`: 16 bytes, offset {{[0-9]+}}, type `Node<long>`

// OUT: +node
// OUT-NEXT: +node (copy)
// OUT-NEXT: -node
// OUT-NEXT: 43
// OUT-NEXT: +node (copy)
// OUT-NEXT: dropped after 1 polls
// OUT-NEXT: -node
// OUT-NEXT: +wide
// OUT-NEXT: +wide (copy)
// OUT-NEXT: -wide
// OUT-NEXT: 65
// OUT-NEXT: -wide
// OUT-NEXT: -node
