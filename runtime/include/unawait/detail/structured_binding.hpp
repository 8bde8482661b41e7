// unawait/detail/structured_binding.hpp - what a structured binding names,
// decided by each instance of a class template.
//
// In a function template, `auto [a, b] = e;` whose type depends on template
// arguments and that the frame keeps across a suspension point is kept as its
// hidden variable (called e below, as [dcl.struct.bind] calls it); poll()
// reads the name `a` as `structured_binding<0, 2, D>(e)`, where D is the
// declared type of e (a reference for `auto &[a, b]`). Per instance, as
// [dcl.struct.bind] decides:
//   - a tuple-like type (std::tuple_size<E> is complete): the element
//     `e.get<I>()` when E has a member template get, else `get<I>(e)` found
//     by argument-dependent lookup only; e is an lvalue if D is an lvalue
//     reference and an xvalue otherwise. The binding is an lvalue of type
//     std::tuple_element_t<I, E>.
//   - an array, or a class whose non-static data members are all public: the
//     I-th element or member, named through a structured binding of N names
//     declared here (C++17 has no other way to name a member by position).
//
// Simplifications, each a compile error in the rewritten code rather than a
// different program:
//   - C++ calls get<I> once, where the binding is declared, and keeps its
//     result in a hidden reference; this header calls it where the name is
//     read. That is the same object whenever get returns a reference, which
//     is asserted (std::tuple, std::pair and std::array all do); the tool
//     rejects the instances it sees that bind a temporary.
//   - A bit-field member cannot be returned by reference: the call does not
//     compile (the tool rejects the instances it sees).
//   - "E has a member template get" is tested as "e.template get<I>() is
//     well-formed", not as the lookup [dcl.struct.bind]/4 describes.
//   - At most 16 names.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace unawait::detail {

namespace binding_lookup {
// Hides every other `get` from ordinary lookup: only argument-dependent
// lookup finds one, as in the standard's rule.
template <std::size_t>
void get() = delete;

template <class E, class = void>
struct is_tuple_like : std::false_type {};
template <class E>
struct is_tuple_like<E, std::void_t<decltype(std::tuple_size<E>::value)>> : std::true_type {};

template <class E, std::size_t I, class = void>
struct has_member_get : std::false_type {};
template <class E, std::size_t I>
struct has_member_get<E, I, std::void_t<decltype(std::declval<E&>().template get<I>())>>
    : std::true_type {};

// get<I> of e with e's value category: the call the hidden reference of the
// I-th name is initialised from.
template <std::size_t I, class D, class E>
decltype(auto) tuple_get(E& e) {
  using Whole = std::conditional_t<std::is_lvalue_reference_v<D>, E&, E&&>;
  if constexpr (has_member_get<E, I>::value)
    return static_cast<Whole>(e).template get<I>();
  else
    return get<I>(static_cast<Whole>(e));
}
}  // namespace binding_lookup

// The I-th of its arguments, which are lvalues.
template <std::size_t I, class... Names>
constexpr auto& nth(Names&... names) noexcept {
  return std::get<I>(std::tie(names...));
}

// The I-th element or member of e, named as `auto &[n0, ..., nN-1] = e;`
// names it.
template <std::size_t N>
struct decomposed;

#define UNAWAIT_DETAIL_DECOMPOSED(N, ...)                 \
  template <>                                             \
  struct decomposed<N> {                                  \
    template <std::size_t I, class E>                     \
    static constexpr auto& element(E& e) noexcept {       \
      auto& [__VA_ARGS__] = e;                            \
      return nth<I>(__VA_ARGS__);                         \
    }                                                     \
  };
UNAWAIT_DETAIL_DECOMPOSED(1, n0)
UNAWAIT_DETAIL_DECOMPOSED(2, n0, n1)
UNAWAIT_DETAIL_DECOMPOSED(3, n0, n1, n2)
UNAWAIT_DETAIL_DECOMPOSED(4, n0, n1, n2, n3)
UNAWAIT_DETAIL_DECOMPOSED(5, n0, n1, n2, n3, n4)
UNAWAIT_DETAIL_DECOMPOSED(6, n0, n1, n2, n3, n4, n5)
UNAWAIT_DETAIL_DECOMPOSED(7, n0, n1, n2, n3, n4, n5, n6)
UNAWAIT_DETAIL_DECOMPOSED(8, n0, n1, n2, n3, n4, n5, n6, n7)
UNAWAIT_DETAIL_DECOMPOSED(9, n0, n1, n2, n3, n4, n5, n6, n7, n8)
UNAWAIT_DETAIL_DECOMPOSED(10, n0, n1, n2, n3, n4, n5, n6, n7, n8, n9)
UNAWAIT_DETAIL_DECOMPOSED(11, n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10)
UNAWAIT_DETAIL_DECOMPOSED(12, n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11)
UNAWAIT_DETAIL_DECOMPOSED(13, n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12)
UNAWAIT_DETAIL_DECOMPOSED(14, n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13)
UNAWAIT_DETAIL_DECOMPOSED(15, n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14)
UNAWAIT_DETAIL_DECOMPOSED(16, n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14,
                          n15)
#undef UNAWAIT_DETAIL_DECOMPOSED

// What the I-th of the N names of `D [names...] = ...;` names, e being its
// hidden variable as poll() reads it (an lvalue of D's referent).
template <std::size_t I, std::size_t N, class D, class E>
constexpr auto& structured_binding(E& e) {
  if constexpr (binding_lookup::is_tuple_like<std::remove_cv_t<E>>::value) {
    using Got = decltype(binding_lookup::tuple_get<I, D>(e));
    static_assert(std::is_reference_v<Got>,
                  "unawait: this structured binding's get<I> returns a value, which the "
                  "binding would keep in a temporary of its own: declare a variable for it");
    using Element = std::tuple_element_t<I, E>;
    auto&& got = binding_lookup::tuple_get<I, D>(e);
    return static_cast<Element&>(got);
  } else {
    return decomposed<N>::template element<I>(e);
  }
}

}  // namespace unawait::detail
