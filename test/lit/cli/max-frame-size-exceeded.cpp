// `sizes --max-frame-size=N` with a frame over N: status 1, an error at the
// function's declaration, a note at each state naming its largest field, and
// a note at that field's declaration saying why it is held.
// Functions within the limit are not reported. The report is still printed.
// RUN: unawait sizes %s --max-frame-size=1024 > %t.out 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file %t.err --implicit-check-not=error: --implicit-check-not=small
// RUN: FileCheck %s --input-file %t.out --check-prefix=REPORT
#include <unawait/unawait.hpp>

UNAWAIT_ASYNC unawait::Async<int> small(int n) {
  co_await unawait::yield_now();
  co_return n;
}

// CHECK: {{.*}}max-frame-size-exceeded.cpp:[[@LINE+1]]:35: error: the frame of 'big' is [[#]] bytes, over the limit of 1024 bytes (--max-frame-size)
UNAWAIT_ASYNC unawait::Async<int> big(int n) {
  unsigned char buf[4096] = {};
  buf[0] = static_cast<unsigned char>(n);
  // CHECK: {{.*}}max-frame-size-exceeded.cpp:[[@LINE+3]]:3: note: while suspended here (Suspend0), the frame holds 'buf' (4096 bytes)
  // CHECK: {{.*}}max-frame-size-exceeded.cpp:[[@LINE-3]]:17: note: 'buf' (4096 bytes) is held: used after the await (line [[@LINE+5]])
  // CHECK-NOT: 'buf' (4096 bytes) is held
  co_await unawait::yield_now();
  // CHECK: {{.*}}max-frame-size-exceeded.cpp:[[@LINE+1]]:3: note: while suspended here (Suspend1), the frame holds 'buf' (4096 bytes)
  co_await unawait::yield_now();
  co_return buf[0];
}
// CHECK: 1 error generated.

// REPORT: function `small`
// REPORT: function `big`
