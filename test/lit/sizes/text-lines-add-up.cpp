// In the text format every state's lines add up to the frame: its fields,
// the discriminant, the live bits (here: a kept std::string has one), the
// padding between them and the end padding; a state's size is the bytes it
// holds (Inputs/text_adds_up.py checks both).
// RUN: unawait sizes %s | %python %S/Inputs/text_adds_up.py | FileCheck %s
// RUN: unawait sizes %s | FileCheck %s --check-prefix=TEXT
#include <unawait/unawait.hpp>

#include <cstdio>
#include <string>

UNAWAIT_ASYNC unawait::Async<void> aligned(char tag) {
  double x = 1.5;
  co_await unawait::yield_now();
  std::string name = "n";
  co_await unawait::yield_now();
  std::printf("%c %f %s\n", tag, x, name.c_str());
}

// CHECK: aligned [[#]]
// CHECK-NOT: mismatch

// TEXT: state `Suspend1`
// TEXT: padding: [[#]] bytes
// TEXT: discriminant: 1 bytes, offset [[#]]
// TEXT-NEXT: live bits: 1 bytes, offset [[#]]
// TEXT-NEXT: end padding: [[#]] bytes
