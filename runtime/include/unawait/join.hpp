// unawait/join.hpp: join(f...), wait for all, concurrently, on one task.
//
//     auto [a, b] = co_await unawait::join(fetch(1), fetch(2));
//     // two 100 ms sleeps joined take about 100 ms, not 200
//
// join takes its futures by value and returns a future of std::tuple of their
// outputs, in argument order (std::monostate for a void output). Each poll
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
#include "future.hpp"
#include "poll.hpp"

namespace unawait {

template <class... F>
class [[nodiscard]] Join {
  static_assert(sizeof...(F) > 0, "join needs at least one future");
  static_assert((is_future_v<F> && ...), "join needs futures");

 public:
  using output_type = std::tuple<detail::stored_t<output_t<F>>...>;

  explicit Join(F... futures) : children_(Child<F>(std::in_place_index<kRunning>, std::move(futures))...) {}
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
  enum : std::size_t { kDropped, kRunning, kDone };

  // A child is its future until it finishes, then its output, then nothing.
  template <class Fut>
  using Child = std::variant<std::monostate, Fut, detail::stored_t<output_t<Fut>>>;

  template <std::size_t... I>
  bool poll_children(Context& cx, std::index_sequence<I...>) {
    return (poll_child<I>(cx) & ...);  // `&`, not `&&`: every child is polled
  }

  template <std::size_t I>
  bool poll_child(Context& cx) {
    auto& child = std::get<I>(children_);
    if (child.index() == kDone) return true;
    auto result = std::get<kRunning>(child).poll(cx);
    if (result.is_pending()) return false;
    child.template emplace<kDone>(detail::take_output(std::move(result)));  // destroys the future first
    return true;
  }

  template <std::size_t... I>
  Poll<output_type> take_outputs(std::index_sequence<I...>) {
    struct DropAfterReturn {
      Join& join;
      ~DropAfterReturn() { join.drop_children(Indices{}); }
    } drop{*this};
    return Poll<output_type>(std::in_place, std::get<kDone>(std::move(std::get<I>(children_)))...);
  }

  template <std::size_t... I>
  void drop_children(std::index_sequence<I...>) noexcept {
    constexpr std::size_t last = sizeof...(I) - 1;
    (std::get<last - I>(children_).template emplace<kDropped>(), ...);  // reverse argument order
  }

  std::tuple<Child<F>...> children_;
  bool finished_ = false;  // returned ready, or a child threw
};

template <class... F>
Join<std::decay_t<F>...> join(F&&... futures) {
  return Join<std::decay_t<F>...>(std::forward<F>(futures)...);
}

}  // namespace unawait
