// Annotated templates defined in a header (a function template, a member of a
// class template, a member template of a class) are rewritten with their
// header into class templates; a caller in the main file nests their
// instances inline (::lib::twice_future<int>), awaited directly or inside
// unawait::join, with no Async<T> box, and the size report shows their frames.
// RUN: %difftest %s --header %S/Inputs/header_templates.hpp | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=NOBOX
// RUN: unawait sizes --no-heap %s | FileCheck %s --check-prefix=SIZES
// RUN: unawait rewrite %S/Inputs/header_templates.hpp | FileCheck %s --check-prefix=HEADER
#include "Inputs/header_templates.hpp"

UNAWAIT_ASYNC unawait::Async<long> caller(lib::Cell<long> &cell, const lib::Scale &scale) {
  int a = co_await lib::twice("int", 1);
  long b = co_await lib::twice("long", 2L);
  long c = co_await cell.get("cell");
  long d = co_await scale.apply(4L);
  auto [e, f] = co_await unawait::join(lib::twice("join", 5), cell.get("joined"));
  co_return a + b + c + d + e + f;
}

int main() {
  lib::Cell<long> cell(3);
  lib::Scale scale(10);
  std::printf("total = %ld\n", unawait::block_on(caller(cell, scale)));
}
// OUT: +int
// OUT: twice int 1
// OUT: -int
// OUT: +long
// OUT: twice long 1
// OUT: -long
// OUT: +cell
// OUT: -cell
// OUT: +join
// OUT: +joined
// OUT: twice join 1
// OUT: -join
// OUT: -joined
// OUT: total = 62

// The awaitees are the instances' classes (declared with the call's type,
// spelled as this standard library spells the arguments), the join's too.
// NOBOX-NOT: {{^[^/]*}}unawait::Async<{{int|long}}>(
// NOBOX-NOT: {{^}}class {{.*}}twice_future
// NOBOX: unawait::Join<::lib::twice_future<int>, ::lib::Cell<long>::get_future>
// NOBOX-NEXT: future4;

// SIZES-NOT: box
// SIZES: function `caller`
// SIZES-NOT: box
// SIZES: awaitee `future0`: 32 bytes, offset {{[0-9]+}}, type `::lib::twice_future<int>`
// SIZES-NOT: box
// SIZES: awaitee `future1`: 32 bytes, offset {{[0-9]+}}, type `::lib::twice_future<long>`
// SIZES-NOT: box
// SIZES: awaitee `future2`: 32 bytes, offset {{[0-9]+}}, type `::lib::Cell<long>::get_future`
// SIZES-NOT: box
// SIZES: awaitee `future3`: 32 bytes, offset {{[0-9]+}}, type `::lib::Scale::apply_future<long>`
// SIZES-NOT: box
// SIZES: awaitee `future4`: 88 bytes, offset {{[0-9]+}}, type `unawait::Join<::lib::twice_future<int>, ::lib::Cell<long>::get_future>`
// SIZES-NOT: box

// HEADER: template <class T> class {{\[\[nodiscard\]\]}} twice_future {
// HEADER: class {{\[\[nodiscard\]\]}} get_future {
// HEADER: template <class T> class {{\[\[nodiscard\]\]}} apply_future {
