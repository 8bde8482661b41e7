// The boxed frame sizes box-header-template.cpp's report gives, checked
// against the classes of the header's own rewrite (included from -I).
#include <lib.hpp> // (not the original beside this file)

static_assert(sizeof(lib::twice_future<int>) == 8, "twice<int>'s frame");
static_assert(sizeof(lib::Cell<int>::get_future) == 16, "Cell<int>::get's frame");
static_assert(sizeof(lib::Cell<int>::plus_future<long>) == 24, "Cell<int>::plus<long>'s frame");
