// unawait/detail/in_place.hpp - a future built where it is kept, by a maker.
//
// A generated future holds its parameters; moving it moves them, which the
// unrewritten program (a coroutine call, whose frame takes each parameter
// once) never does. Where the rewrite passes an annotated call to something
// that stores the future (join, select, an Async<T> box), it passes
//
//     unawait::detail::in_place([&] { return step(i); })
//
// and the storage is initialised from make()'s prvalue: guaranteed copy
// elision, no move at all. make() runs at once, where the call was written.
#pragma once

#include <type_traits>
#include <utility>

namespace unawait::detail {

/// A future that make() builds in place (see in_place).
template <class Make>
struct InPlace {
  Make make;
};

/// The argument whose future is make()'s result, constructed in the
/// storage of whatever takes it without a move.
template <class Make>
InPlace<Make> in_place(Make make) {
  return InPlace<Make>{std::move(make)};
}

/// The future an in_place maker builds.
template <class Make>
using made_t = std::invoke_result_t<Make&>;

template <class A>
inline constexpr bool is_in_place_v = false;
template <class Make>
inline constexpr bool is_in_place_v<InPlace<Make>> = true;

}  // namespace unawait::detail
