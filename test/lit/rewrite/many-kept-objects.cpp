// A frame keeping more than 64 objects with destructors: the live bits are
// an array of 64-bit words, each object's bit in its word; every path
// (completion, cancellation) destroys exactly the constructed ones, youngest
// first.
// RUN: %difftest %s | FileCheck %s --check-prefix=OUT
// RUN: unawait sizes %s | FileCheck %s --check-prefix=SIZES
// RUN: unawait rewrite --line-directives %s | %drop_checks | FileCheck %s
#include "Inputs/test_futures.hpp"

/// Prints its construction and destruction on one line.
struct Kept {
  explicit Kept(int id) : id(id) { std::printf("+%d ", id); }
  ~Kept() { std::printf("-%d ", id); }
  int id;
};

UNAWAIT_ASYNC unawait::Async<int> many(int n) {
  Kept k0(0);
  Kept k1(1);
  Kept k2(2);
  Kept k3(3);
  Kept k4(4);
  Kept k5(5);
  Kept k6(6);
  Kept k7(7);
  Kept k8(8);
  Kept k9(9);
  Kept k10(10);
  Kept k11(11);
  Kept k12(12);
  Kept k13(13);
  Kept k14(14);
  Kept k15(15);
  Kept k16(16);
  Kept k17(17);
  Kept k18(18);
  Kept k19(19);
  Kept k20(20);
  Kept k21(21);
  Kept k22(22);
  Kept k23(23);
  Kept k24(24);
  Kept k25(25);
  Kept k26(26);
  Kept k27(27);
  Kept k28(28);
  Kept k29(29);
  Kept k30(30);
  Kept k31(31);
  Kept k32(32);
  Kept k33(33);
  Kept k34(34);
  Kept k35(35);
  Kept k36(36);
  Kept k37(37);
  Kept k38(38);
  Kept k39(39);
  Kept k40(40);
  Kept k41(41);
  Kept k42(42);
  Kept k43(43);
  Kept k44(44);
  Kept k45(45);
  Kept k46(46);
  Kept k47(47);
  Kept k48(48);
  Kept k49(49);
  Kept k50(50);
  Kept k51(51);
  Kept k52(52);
  Kept k53(53);
  Kept k54(54);
  Kept k55(55);
  Kept k56(56);
  Kept k57(57);
  Kept k58(58);
  Kept k59(59);
  Kept k60(60);
  Kept k61(61);
  Kept k62(62);
  Kept k63(63);
  Kept k64(64);
  Kept k65(65);
  Kept k66(66);
  Kept k67(67);
  Kept k68(68);
  Kept k69(69);
  co_await wake_yield(0);
  if (n > 0) {
    Kept late(100);
    co_await wake_yield(0);
  }
  co_return k0.id + k7.id + k14.id + k21.id + k28.id + k35.id + k42.id + k49.id + k56.id + k63.id;
}

int main() {
  std::printf("\nmany(1) = %d\n", unawait::block_on(many(1)));
  poll_then_drop(many(1), 1);
  std::printf("\n");
  poll_then_drop(many(1), 2);
  std::printf("\n");
}

// The bits of the 65th object and later are in the second word.
// CHECK: live_[1] |= Live::k64;
// CHECK: k63 = 1ull << 63,
// CHECK-NEXT: k64 = 1ull << 0,
// CHECK: unsigned long long live_[2] = {{[{][}]}};
// Two words of live bits (16 bytes) after the state, in the frame size:
// SIZES: function `many` ({{.*}}): 312 bytes, alignment 8 bytes
// The differential run compares every line; these pin the order's shape.
// OUT: {{^}}+0 +1 {{.*}} +69 +100 -100 -69 -68 {{.*}} -1 -0 {{$}}
// OUT-NEXT: many(1) = 315
// OUT-NEXT: {{^}}+0 {{.*}} +69 dropped after 1 polls
// OUT-NEXT: {{^}}-69 -68 {{.*}} -1 -0 {{$}}
// OUT-NEXT: {{^}}+0 {{.*}} +69 +100 dropped after 2 polls
// OUT-NEXT: {{^}}-100 -69 {{.*}} -1 -0 {{$}}
