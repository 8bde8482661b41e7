// Annotated member functions defined in their class, in a header (a class at
// namespace scope, not a template, the members not virtual): rewritten with
// the header, their generated classes nested in the class; a caller in the
// main file nests them inline (::lib::Meter::read_future), with no box.
// RUN: %difftest %s --header %S/Inputs/header_members.hpp | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=NOBOX
// RUN: unawait sizes --no-heap %s | FileCheck %s --check-prefix=SIZES
// RUN: unawait rewrite %S/Inputs/header_members.hpp | FileCheck %s --check-prefix=HEADER
#include "Inputs/header_members.hpp"

UNAWAIT_ASYNC unawait::Async<int> caller(lib::Meter &meter) {
  int a = co_await meter.read("direct", 1);
  int b = co_await meter.read_twice(a);
  int c = co_await lib::Meter::unit();
  co_return a + b + c;
}

int main() {
  lib::Meter meter(3);
  std::printf("total = %d\n", unawait::block_on(caller(meter)));
}
// OUT: +direct
// OUT: read direct 1
// OUT: -direct
// OUT: total = 10

// NOBOX-NOT: {{^[^/]*}}unawait::Async<int>(
// NOBOX-NOT: class {{.*}}read_future
// NOBOX-DAG: ::lib::Meter::read_future future0;
// NOBOX-DAG: ::lib::Meter::read_twice_future future1;
// NOBOX-DAG: ::lib::Meter::unit_future future2;

// SIZES: function `caller`
// SIZES-NOT: box
// SIZES: awaitee `future0`: {{[0-9]+}} bytes, offset {{[0-9]+}}, type `::lib::Meter::read_future`

// HEADER: class Meter {
// HEADER: class {{\[\[nodiscard\]\]}} read_future {
// HEADER: read_future read(const char *label, int n) {
