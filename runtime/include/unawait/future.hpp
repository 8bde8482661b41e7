// unawait/future.hpp: the Future trait.
//
// A future is any type with
//     using output_type = T;
//     unawait::Poll<T> poll(unawait::Context&);
// poll() makes as much progress as it can without blocking. It returns
// ready(v) once, or pending after arranging (through cx.waker()) to be woken
// when polling again could make progress. Polling again after ready is a
// contract violation; runtime futures check it in debug builds. Destroying a
// future before it is ready cancels it. A future that has been polled must
// not be moved (it may have handed out its address, as a registration).
//
//     struct Answer {
//       using output_type = int;
//       unawait::Poll<int> poll(unawait::Context&) { return unawait::ready(42); }
//     };
//     static_assert(unawait::is_future_v<Answer>);
//     static_assert(std::is_same_v<unawait::output_t<Answer>, int>);
#pragma once

#include <type_traits>
#include <utility>

#include "context.hpp"
#include "poll.hpp"

namespace unawait {

namespace detail {
template <class F, class = void>
struct is_future_impl : std::false_type {};
template <class F>
struct is_future_impl<F, std::void_t<typename F::output_type, decltype(std::declval<F&>().poll(std::declval<Context&>()))>>
    : std::is_same<decltype(std::declval<F&>().poll(std::declval<Context&>())), Poll<typename F::output_type>> {};
}  // namespace detail

// References are looked through, so forwarding references work: is_future<F&>
// is is_future<F>. A const future cannot be polled, so it is not a future.
template <class F>
struct is_future : detail::is_future_impl<std::remove_reference_t<F>> {};
template <class F>
inline constexpr bool is_future_v = is_future<F>::value;

template <class F>
using output_t = typename std::remove_reference_t<F>::output_type;

#if defined(__cpp_concepts) && __cpp_concepts >= 201907L
template <class F>
concept Future = is_future_v<F>;
#endif

}  // namespace unawait
