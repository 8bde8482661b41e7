// Annotated templates defined in a header (a function template, a member of a
// class template, a member template of a class template, a member template of
// a class) are rewritten with their header into class templates; a caller in
// the main file nests their instances inline (::lib::twice_future<int>,
// ::lib::Cell<long>::as_future<int>), awaited directly or inside
// unawait::join, and so does a function template of the main file; no
// Async<T> box, and the size report shows their frames.
// RUN: %difftest %s --header %S/Inputs/header_templates.hpp | FileCheck %s --check-prefix=OUT
// RUN: unawait rewrite %s | %drop_checks | FileCheck %s --check-prefix=NOBOX
// RUN: unawait sizes --no-heap %s | FileCheck %s --check-prefix=SIZES
// RUN: unawait rewrite %S/Inputs/header_templates.hpp | FileCheck %s --check-prefix=HEADER
#include "Inputs/header_templates.hpp"

template <class T> UNAWAIT_ASYNC unawait::Async<T> from_template(lib::Cell<T> &cell) {
  T x = co_await cell.as("deduced", T(1));
  T y = co_await cell.template as<int>("explicit", 2);
  co_return x + y;
}

UNAWAIT_ASYNC unawait::Async<long> caller(lib::Cell<long> &cell, const lib::Scale &scale) {
  int a = co_await lib::twice("int", 1);
  long b = co_await lib::twice("long", 2L);
  long c = co_await cell.get("cell");
  long d = co_await scale.apply(4L);
  int g = co_await cell.as("as", 7);
  auto [h, i] = co_await unawait::join(cell.as("as-joined", 1), cell.as<long>("as-long", 2L));
  long j = co_await from_template(cell);
  auto [e, f] = co_await unawait::join(lib::twice("join", 5), cell.get("joined"));
  co_return a + b + c + d + e + f + g + h + i + j;
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
// OUT: +as
// OUT: -as
// OUT: +as-joined
// OUT: +as-long
// OUT: -as-joined
// OUT: -as-long
// OUT: +deduced
// OUT: -deduced
// OUT: +explicit
// OUT: -explicit
// OUT: +join
// OUT: +joined
// OUT: twice join 1
// OUT: -join
// OUT: -joined
// OUT: total = 90

// The awaitees are the instances' classes (declared with the call's type,
// spelled as this standard library spells the arguments), the join's too.
// NOBOX-NOT: {{^[^/]*}}unawait::Async<{{int|long}}>(
// NOBOX-NOT: {{^}}class {{.*}}twice_future
// NOBOX: unawait::Join<::lib::twice_future<int>, ::lib::Cell<long>::get_future>
// NOBOX-NEXT: future7;
// NOBOX: unawait::Join<::lib::Cell<long>::as_future<int>,
// NOBOX-NEXT: ::lib::Cell<long>::as_future<long>>
// NOBOX-NEXT: future5;

// SIZES-NOT: box
// SIZES: function `from_template<long>`
// SIZES-NOT: box
// SIZES: awaitee `future0`: 40 bytes, offset {{[0-9]+}}, type `::lib::Cell<long>::as_future<long>`
// SIZES-NOT: box
// SIZES: awaitee `future1`: 40 bytes, offset {{[0-9]+}}, type `::lib::Cell<long>::as_future<int>`
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
// SIZES: awaitee `future4`: 40 bytes, offset {{[0-9]+}}, type `::lib::Cell<long>::as_future<int>`
// SIZES-NOT: box
// SIZES: awaitee `future5`: 104 bytes, offset {{[0-9]+}}, type `unawait::Join<::lib::Cell<long>::as_future<int>, ::lib::Cell<long>::as_future<long>>`
// SIZES-NOT: box
// SIZES: awaitee `future6`: 64 bytes, offset {{[0-9]+}}, type `from_template_future<long>`
// SIZES-NOT: box
// SIZES: awaitee `future7`: 88 bytes, offset {{[0-9]+}}, type `unawait::Join<::lib::twice_future<int>, ::lib::Cell<long>::get_future>`
// SIZES-NOT: box

// HEADER: template <class T> class {{\[\[nodiscard\]\]}} twice_future {
// HEADER: class {{\[\[nodiscard\]\]}} get_future {
// HEADER: template <class U> class {{\[\[nodiscard\]\]}} as_future {
// HEADER: template <class T> class {{\[\[nodiscard\]\]}} apply_future {
