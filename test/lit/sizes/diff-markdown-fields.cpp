// The markdown diff names the fields that grew or appeared: with GROW, the
// buffer held across the await is larger and a second local is held.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/job.cpp
// RUN: cd %t && unawait sizes --format=json job.cpp -- -std=c++20 -I%runtime_include > base.json
// RUN: cd %t && unawait sizes --format=json job.cpp -- -std=c++20 -I%runtime_include -DGROW > head.json
// RUN: cd %t && unawait sizes --diff base.json head.json --format=markdown | FileCheck %s --match-full-lines
#include <unawait/unawait.hpp>

#include <cstdio>

UNAWAIT_ASYNC unawait::Async<void> job() {
#ifdef GROW
  unsigned char buf[256] = {};
  long extra = 5;
#else
  unsigned char buf[16] = {};
  long extra = 0;
#endif
  co_await unawait::yield_now();
#ifdef GROW
  std::printf("%d %ld\n", buf[0], extra);
#else
  std::printf("%d\n", buf[0]);
#endif
}

// CHECK: | `job` | job.cpp:11 | [[#]] | [[#]] | +{{[0-9]+}} B (+{{[0-9.]+}}%) | local `buf`: 16 → 256 B<br>local `extra`: 8 B (new) |
