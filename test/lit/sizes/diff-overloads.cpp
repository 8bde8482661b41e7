// Overloads are two functions of the report, with their own key (qualified
// name and parameter types), and --diff matches them by key: when only the
// int overload grows, the diff says so for it alone, and the rows show the
// keys because the names are the same.
// RUN: unawait sizes --format=json %s -- -std=c++20 -I%runtime_include > %t.base.json
// RUN: unawait sizes --format=json %s -- -std=c++20 -I%runtime_include -DGROW > %t.head.json
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.base.json
// RUN: unawait sizes --diff %t.base.json %t.head.json | FileCheck %s --check-prefix=DIFF --match-full-lines
#include <unawait/unawait.hpp>

#include <cstdio>

namespace net {

UNAWAIT_ASYNC unawait::Async<void> send(int n) {
#ifdef GROW
  unsigned char buf[256] = {};
#else
  unsigned char buf[16] = {};
#endif
  co_await unawait::yield_now();
  std::printf("%d %d\n", n, buf[0]);
}

UNAWAIT_ASYNC unawait::Async<void> send(const char *text) {
  unsigned char buf[16] = {};
  co_await unawait::yield_now();
  std::printf("%s %d\n", text, buf[0]);
}

} // namespace net

// JSON:      "key": "net::send(int)",
// JSON: "qualified_name": "net::send",
// JSON: "signature": "(int)",
// JSON:      "key": "net::send(const char *)",
// JSON: "qualified_name": "net::send",
// JSON: "signature": "(const char *)",

// DIFF:      net::send(int): [[#]] -> [[#]] bytes (+240), changed
// DIFF-NEXT: net::send(const char *): [[SAME:[0-9]+]] -> [[SAME]] bytes (0), unchanged
// DIFF-NOT: {{.}}
