// unawait/select.hpp: select(f...), the first to finish wins.
//
//     auto winner = co_await unawait::select(recv(), unawait::sleep_for(1s));
//     if (winner.index() == 1) { /* timed out */ }
//     else { auto message = std::get<0>(std::move(winner)); }
//
// select moves each future into itself once (an argument
// detail::in_place(make) is built there, not moved: detail/children.hpp)
// and returns a future of std::variant of
// their outputs, by position (std::monostate for a void output; the variant
// holds alternative I when future I won, even if several have the same
// output type). Each poll polls the children in argument order, so the
// earliest argument wins when several are ready. As soon as one is ready,
// every child, winner and losers, is destroyed before poll returns: the
// losers are cancelled. Children are destroyed in reverse argument order
// (then, or when a pending select is destroyed), like locals declared in
// argument order, whatever the standard library.
//
// If a child throws, the exception leaves select's poll and the select is
// finished (its children are destroyed with it). Polling a finished select
// is a contract violation.
#pragma once

#include <cstddef>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "config.hpp"
#include "context.hpp"
#include "detail/children.hpp"
#include "detail/pack.hpp"
#include "future.hpp"
#include "poll.hpp"

namespace unawait {

template <class... F>
class [[nodiscard]] Select {
  static_assert(sizeof...(F) > 0, "select needs at least one future");
  static_assert((is_future_v<F> && ...), "select needs futures");

 public:
  using output_type = std::variant<detail::stored_t<output_t<F>>...>;

  explicit Select(F... futures) : children_(detail::pack_init, std::move(futures)...) {}
  // Each child built from its argument: a future (moved in once) or a
  // detail::in_place maker (built in place, see detail/children.hpp).
  template <class... A>
  Select(detail::children_init_t, A&&... args) : children_(detail::pack_init, std::forward<A>(args)...) {}
  Select(Select&&) = default;
  Select& operator=(Select&&) = delete;
  ~Select() { drop_children(Indices{}); }

  Poll<output_type> poll(Context& cx) {
    UNAWAIT_CONTRACT(!finished_, "select polled after it completed");
    finished_ = true;  // stays so if a child throws
    std::optional<output_type> winner;
    poll_until_winner(cx, winner, Indices{});
    if (!winner) {
      finished_ = false;
      return pending;
    }
    drop_children(Indices{});
    return Poll<output_type>(std::in_place, std::move(*winner));
  }

 private:
  using Indices = std::index_sequence_for<F...>;

  template <std::size_t... I>
  void poll_until_winner(Context& cx, std::optional<output_type>& winner, std::index_sequence<I...>) {
    static_cast<void>((poll_child<I>(cx, winner) || ...));  // `||` stops at the first ready child
  }

  template <std::size_t I>
  bool poll_child(Context& cx, std::optional<output_type>& winner) {
    auto result = detail::get<I>(children_).future().poll(cx);
    if (result.is_pending()) return false;
    winner.emplace(std::in_place_index<I>, detail::take_output(std::move(result)));
    return true;
  }

  template <std::size_t... I>
  void drop_children(std::index_sequence<I...>) noexcept {
    constexpr std::size_t last = sizeof...(I) - 1;
    (detail::get<last - I>(children_).drop(), ...);  // reverse argument order
  }

  detail::pack<detail::SelectChild<F>...> children_;  // all engaged until a winner is found, then all empty
  bool finished_ = false;                     // returned ready, or a child threw
};

template <class... F>
Select<detail::future_of_t<F>...> select(F&&... futures) {
  return Select<detail::future_of_t<F>...>(detail::children_init, std::forward<F>(futures)...);
}

}  // namespace unawait
