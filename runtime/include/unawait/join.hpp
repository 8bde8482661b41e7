// unawait/join.hpp: join(f...), wait for all, concurrently, on one task.
//
//     auto [a, b] = co_await unawait::join(fetch(1), fetch(2));
//     // two 100 ms sleeps joined take about 100 ms, not 200
//
// join moves each future into itself once (an argument
// detail::in_place(make) is built there, not moved: detail/children.hpp)
// and returns a future of std::tuple of their outputs, in argument order (std::monostate for a void output). Each poll
// polls every child that has not finished, in argument order, all with the
// same Context, so any child's wake-up re-polls the join. A child that
// finished is destroyed right away and never polled again; its output waits
// in the join. Nothing runs in parallel: the waiting overlaps.
//
// When the last child finishes, the outputs are moved into the tuple, and
// the moved-from outputs are destroyed before poll returns. Whenever several
// children or outputs are destroyed together (then, or when a pending join
// is destroyed), it is in reverse argument order, like locals declared in
// argument order, whatever the standard library.
//
// If a child throws, the exception leaves the join's poll and the join is
// finished (the other children are destroyed with it). Polling a finished
// join is a contract violation.
#pragma once

#include <cstddef>
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
class [[nodiscard]] Join {
  static_assert(sizeof...(F) > 0, "join needs at least one future");
  static_assert((is_future_v<F> && ...), "join needs futures");

 public:
  using output_type = std::tuple<detail::stored_t<output_t<F>>...>;

  explicit Join(F... futures) : children_(detail::pack_init, std::move(futures)...) {}
  // Each child built from its argument: a future (moved in once) or a
  // detail::in_place maker (built in place, see detail/children.hpp).
  template <class... A>
  Join(detail::children_init_t, A&&... args) : children_(detail::pack_init, std::forward<A>(args)...) {}
  Join(Join&&) = default;
  Join& operator=(Join&&) = delete;
  ~Join() { drop_children(Indices{}); }

  Poll<output_type> poll(Context& cx) {
    UNAWAIT_CONTRACT(!finished_, "join polled after it completed");
    finished_ = true;  // stays so if a child throws
    bool all_done = poll_children(cx, Indices{});
    if (!all_done) {
      finished_ = false;
      return pending;
    }
    return take_outputs(Indices{});
  }

 private:
  using Indices = std::index_sequence_for<F...>;

  template <std::size_t... I>
  bool poll_children(Context& cx, std::index_sequence<I...>) {
    return (poll_child<I>(cx) & ...);  // `&`, not `&&`: every child is polled
  }

  template <std::size_t I>
  bool poll_child(Context& cx) {
    auto& child = detail::get<I>(children_);
    if (child.done()) return true;
    auto result = child.future().poll(cx);
    if (result.is_pending()) return false;
    child.finish(detail::take_output(std::move(result)));  // destroys the future first
    return true;
  }

  template <std::size_t... I>
  Poll<output_type> take_outputs(std::index_sequence<I...>) {
    struct DropAfterReturn {
      Join& join;
      ~DropAfterReturn() { join.drop_children(Indices{}); }
    } drop{*this};
    return Poll<output_type>(std::in_place, std::move(detail::get<I>(children_)).output()...);
  }

  template <std::size_t... I>
  void drop_children(std::index_sequence<I...>) noexcept {
    constexpr std::size_t last = sizeof...(I) - 1;
    (detail::get<last - I>(children_).drop(), ...);  // reverse argument order
  }

  detail::pack<detail::JoinChild<F>...> children_;
  bool finished_ = false;  // returned ready, or a child threw
};

template <class... F>
Join<detail::future_of_t<F>...> join(F&&... futures) {
  return Join<detail::future_of_t<F>...>(detail::children_init, std::forward<F>(futures)...);
}

}  // namespace unawait
