// unawait/detail/pack.hpp - a function parameter pack kept in a frame.
//
// An annotated function template with a parameter pack (`Ts... args`,
// `Args&&... args`) becomes a class template whose frame keeps the whole
// pack as one member of type pack<Ts...> (pack<Args&&...>): one element per
// parameter, in order, each of the parameter's declared type (a reference
// parameter is a reference member). The generated poll() expands
// `args...` as `unawait::detail::get<I>(args)...` over an index pack I.
//
// The layout is fixed here so that the tool can compute it (and so the size
// report) without instantiating anything: pack<T0, T1, ..., Tn> is
//
//     struct { T0 head; struct { T1 head; ... struct { Tn head; }; }; };
//
// a one-element pack is a struct of its element, and the empty pack an
// empty struct (size 1). Elements are destroyed last first, as a
// coroutine destroys its parameter copies. Nesting costs padding where a
// later element is more aligned than an earlier one (pack<char, char, int>
// is 12 bytes, a flat struct 8): the size report shows it.
#pragma once

#include <cstddef>

namespace unawait::detail {

/// Selects pack's element-wise constructor (never a copy or a move).
struct pack_init_t {
  explicit pack_init_t() = default;
};
inline constexpr pack_init_t pack_init{};

template <class... Ts>
struct pack {
  explicit pack(pack_init_t) noexcept {}
};

template <class T>
struct pack<T> {
  template <class A>
  pack(pack_init_t, A&& a) : head(static_cast<A&&>(a)) {}
  T head;
};

template <class T, class U, class... Rest>
struct pack<T, U, Rest...> {
  template <class A, class... R>
  pack(pack_init_t, A&& a, R&&... rest)
      : head(static_cast<A&&>(a)), tail(pack_init, static_cast<R&&>(rest)...) {}
  T head;
  pack<U, Rest...> tail;
};

/// Element I of a kept pack, as the parameter's name reads in the body: an
/// lvalue of the element's type (references read through).
template <std::size_t I, class T, class... Rest>
constexpr auto& get(pack<T, Rest...>& p) noexcept {
  if constexpr (I == 0)
    return p.head;
  else
    return get<I - 1>(p.tail);
}

}  // namespace unawait::detail
