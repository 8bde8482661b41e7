// unawait/poll.hpp: Poll<T>, the answer of every future's poll().
//
// A poll is either *pending* ("not yet, and I have arranged a wake-up") or
// *ready* with the output. It is Rust's `Poll<T>`:
//
//     unawait::Poll<int> p = unawait::pending;   // not finished
//     unawait::Poll<int> q = unawait::ready(42);  // finished with 42
//     unawait::Poll<long> r = unawait::ready(3);  // converts like T's constructor
//     if (q.is_ready()) use(std::move(q).value());
//     unawait::Poll<void> done = unawait::ready();
//
// `value() &&` moves the output out (one move of T) and returns it by value,
// so it cannot dangle; the moved-from T inside the Poll is destroyed right
// there, before value() returns, so that a `T x = co_await f;` destroys it at
// the same point in a coroutine and in a rewritten state machine. The Poll is
// empty (pending) afterwards. Calling it on a pending Poll is a contract
// violation.
//
// A future whose output is a reference (an async function returning `T&` or
// `T&&`) returns Poll<T&> (Poll<T&&>): it holds the referent's address, and
// `value() &&` returns the reference, so the referent is never copied.
#pragma once

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "config.hpp"

namespace unawait {

// The tag for "not ready yet": converts to every Poll<T>.
struct Pending {
  explicit constexpr Pending() = default;
};
inline constexpr Pending pending{};

namespace detail {
template <class R>
class ReferencePoll;
}  // namespace detail

template <class T>
class [[nodiscard]] Poll {
 public:
  using value_type = T;

  constexpr Poll(Pending) noexcept {}  // NOLINT: implicit by design

  // Ready, with T constructed in place from `args`.
  template <class... Args>
  constexpr explicit Poll(std::in_place_t, Args&&... args) : value_(std::in_place, std::forward<Args>(args)...) {}

  // Poll<long> from Poll<int>&&: implicit when U converts to T implicitly,
  // explicit when T is only explicitly constructible from U.
  template <class U, std::enable_if_t<!std::is_same_v<U, T> && std::is_constructible_v<T, U&&> &&
                                          std::is_convertible_v<U&&, T>,
                                      int> = 0>
  constexpr Poll(Poll<U>&& other) {  // NOLINT: implicit like T's conversion
    if (other.is_ready()) value_.emplace(std::move(other).value());
  }
  template <class U, std::enable_if_t<!std::is_same_v<U, T> && std::is_constructible_v<T, U&&> &&
                                          !std::is_convertible_v<U&&, T>,
                                      int> = 0>
  constexpr explicit Poll(Poll<U>&& other) {
    if (other.is_ready()) value_.emplace(std::move(other).value());
  }

  constexpr bool is_ready() const noexcept { return value_.has_value(); }
  constexpr bool is_pending() const noexcept { return !value_.has_value(); }

  constexpr T value() && {
    UNAWAIT_CONTRACT(is_ready(), "Poll::value() called on a pending Poll");
    T out(std::move(*value_));  // returned without a further move (NRVO)
    value_.reset();
    return out;
  }

 private:
  std::optional<T> value_;  // engaged exactly when ready
};

template <>
class [[nodiscard]] Poll<void> {
 public:
  using value_type = void;

  constexpr Poll(Pending) noexcept {}  // NOLINT: implicit by design
  constexpr explicit Poll(std::in_place_t) noexcept : ready_(true) {}

  constexpr bool is_ready() const noexcept { return ready_; }
  constexpr bool is_pending() const noexcept { return !ready_; }

  constexpr void value() && { UNAWAIT_CONTRACT(is_ready(), "Poll::value() called on a pending Poll"); }

 private:
  bool ready_ = false;
};

namespace detail {

// Poll<T&> and Poll<T&&>: the referent's address, null while pending.
template <class R>
class ReferencePoll {
 public:
  using value_type = R;

  constexpr ReferencePoll(Pending) noexcept {}  // NOLINT: implicit by design
  constexpr explicit ReferencePoll(std::in_place_t, R referent) noexcept : referent_(std::addressof(referent)) {}

  constexpr bool is_ready() const noexcept { return referent_ != nullptr; }
  constexpr bool is_pending() const noexcept { return referent_ == nullptr; }

  // The reference itself; the Poll is pending afterwards, like Poll<T>'s.
  constexpr R value() && {
    UNAWAIT_CONTRACT(is_ready(), "Poll::value() called on a pending Poll");
    auto* referent = referent_;
    referent_ = nullptr;
    return static_cast<R>(*referent);
  }

 private:
  std::remove_reference_t<R>* referent_ = nullptr;
};

}  // namespace detail

template <class T>
class [[nodiscard]] Poll<T&> : public detail::ReferencePoll<T&> {
 public:
  using detail::ReferencePoll<T&>::ReferencePoll;
};

template <class T>
class [[nodiscard]] Poll<T&&> : public detail::ReferencePoll<T&&> {
 public:
  using detail::ReferencePoll<T&&>::ReferencePoll;
};

// ready(v): a ready Poll holding a decayed copy (or move) of v.
template <class V>
constexpr Poll<std::decay_t<V>> ready(V&& value) {
  return Poll<std::decay_t<V>>(std::in_place, std::forward<V>(value));
}

// ready(): the ready Poll<void>.
constexpr Poll<void> ready() noexcept { return Poll<void>(std::in_place); }

namespace detail {

// How combinators store an output: void becomes std::monostate.
template <class T>
using stored_t = std::conditional_t<std::is_void_v<T>, std::monostate, T>;

// The output of a ready Poll as a stored_t (one move of T).
template <class T>
stored_t<T> take_output(Poll<T>&& result) {
  if constexpr (std::is_void_v<T>) {
    std::move(result).value();
    return {};
  } else {
    return std::move(result).value();
  }
}

// The ready Poll<T> for a stored output (one move of T).
template <class T>
Poll<T> ready_from(stored_t<T>&& value) {
  if constexpr (std::is_void_v<T>) {
    return ready();
  } else {
    return Poll<T>(std::in_place, std::move(value));
  }
}

}  // namespace detail

}  // namespace unawait
