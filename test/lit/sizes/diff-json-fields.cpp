// `--diff --format=json` lists, per function, each field whose size changed:
// its kind and name, status (new, removed, changed), base and head sizes
// (null where absent) and delta, the largest growth first. With GROW, `buf`
// grows, `extra` is held (new), `small` shrinks, `gone` is no longer held,
// and the awaitee, unchanged, is not listed; the new function's fields are
// all new, the removed function's all removed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/job.cpp
// RUN: cd %t && unawait sizes --format=json job.cpp -- -std=c++20 -I%runtime_include > base.json
// RUN: cd %t && unawait sizes --format=json job.cpp -- -std=c++20 -I%runtime_include -DGROW > head.json
// RUN: cd %t && unawait sizes --diff base.json head.json --format=json > diff.json
// RUN: %python -c 'import json,sys; [print(f["name"], g["kind"], g["name"], g["status"], g["base"], g["head"], g["delta"]) for f in json.load(open(sys.argv[1]))["functions"] for g in f["fields"]]' %t/diff.json | FileCheck %s --match-full-lines
#include <unawait/unawait.hpp>

#include <cstdio>

UNAWAIT_ASYNC unawait::Async<void> job() {
#ifdef GROW
  unsigned char buf[256] = {};
  long extra = 5;
  short small = 1;
  co_await unawait::yield_now();
  std::printf("%d %ld %d\n", buf[0], extra, small);
#else
  unsigned char buf[16] = {};
  long gone = 3;
  long small = 1;
  co_await unawait::yield_now();
  std::printf("%d %ld %ld\n", buf[0], gone, small);
#endif
}

#ifdef GROW
UNAWAIT_ASYNC unawait::Async<int> added(int n) {
  co_await unawait::yield_now();
  co_return n;
}
#else
UNAWAIT_ASYNC unawait::Async<int> removed(long n) {
  co_await unawait::yield_now();
  co_return static_cast<int>(n);
}
#endif

// CHECK:      job local buf changed 16 256 240
// CHECK-NEXT: job local extra new None 8 8
// CHECK-NEXT: job local small changed 8 2 -6
// CHECK-NEXT: job local gone removed 8 None -8
// CHECK-NEXT: added param n new None 4 4
// CHECK-NEXT: added awaitee future0 new None 1 1
// CHECK-NEXT: removed awaitee future0 removed 1 None -1
// CHECK-NEXT: removed param n removed 8 None -8
// CHECK-NOT:  {{.}}
