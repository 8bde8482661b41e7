// unawait/detail/children.hpp - the children of join and select, built in place.
//
// join(f...) and select(f...) store each child future in a slot of their
// own, in a pack (pack.hpp) so that children are constructed in argument
// order whatever the standard library (std::tuple builds libstdc++'s last
// first). A slot is initialised from its argument directly: a future
// argument is moved in once; an in_place(make) argument (in_place.hpp) is built by calling
// make(), whose prvalue result initialises the slot's future with no move at
// all (guaranteed copy elision). The rewrite of an annotated call written as
// an argument of join or select passes
//
//     unawait::detail::in_place([&] { return step(i); })
//
// so that the generated step_future is constructed where the join keeps it:
// moving it could move the user's objects it holds (its parameters), which
// the unrewritten program never does.
//
// The layouts are fixed here so that the tool can compute them (and so the
// size report) without instantiating anything:
//
//     JoinChild<F>   is  struct { union { F future; Out output; }; unsigned char state; };
//     SelectChild<F> is  struct { union { F future; }; bool engaged; };
//
// where Out is the output (std::monostate for void); Join<F...> is
// struct { pack<JoinChild<F>...> children; bool finished; } and Select<F...>
// struct { pack<SelectChild<F>...> children; bool finished; }.
#pragma once

#include <new>
#include <type_traits>
#include <utility>

#include "../future.hpp"
#include "../poll.hpp"
#include "in_place.hpp"
#include "pack.hpp"

namespace unawait::detail {

template <class A>
struct future_of {
  using type = A;
};
template <class Make>
struct future_of<InPlace<Make>> {
  using type = made_t<Make>;
};

/// The child future an argument of join/select makes: the argument's decayed
/// type, or what an in_place maker returns.
template <class A>
using future_of_t = typename future_of<std::decay_t<A>>::type;

/// Constructs the child future of type Fut at \p where from an argument.
template <class Fut, class A>
void construct_child(Fut* where, A&& arg) {
  if constexpr (is_in_place_v<std::decay_t<A>>)
    ::new (static_cast<void*>(where)) Fut(arg.make());  // the prvalue initialises *where
  else
    ::new (static_cast<void*>(where)) Fut(std::forward<A>(arg));
}

/// Selects the combinators' constructor that builds each child from its
/// argument (a future or an in_place maker).
struct children_init_t {
  explicit children_init_t() = default;
};
inline constexpr children_init_t children_init{};

/// A child of join: its future until it finishes, then its output, then
/// nothing.
template <class Fut>
class JoinChild {
 public:
  using Output = stored_t<output_t<Fut>>;

  template <class A>
  explicit JoinChild(A&& arg) {
    construct_child(&future_, std::forward<A>(arg));
    state_ = State::Running;
  }
  // An unstarted join may be moved (into an Async, a task); children move with it.
  JoinChild(JoinChild&& other) noexcept(std::is_nothrow_move_constructible_v<Fut> &&
                                        std::is_nothrow_move_constructible_v<Output>) {
    if (other.state_ == State::Running)
      ::new (static_cast<void*>(&future_)) Fut(std::move(other.future_));
    else if (other.state_ == State::Done)
      ::new (static_cast<void*>(&output_)) Output(std::move(other.output_));
    state_ = other.state_;
  }
  JoinChild& operator=(JoinChild&&) = delete;
  ~JoinChild() { drop(); }

  bool done() const { return state_ == State::Done; }
  Fut& future() { return future_; }
  Output&& output() && { return std::move(output_); }

  /// Destroys the future, then keeps its output.
  template <class Value>
  void finish(Value&& value) {
    drop();
    ::new (static_cast<void*>(&output_)) Output(std::forward<Value>(value));
    state_ = State::Done;
  }

  void drop() noexcept {
    if (state_ == State::Running)
      future_.~Fut();
    else if (state_ == State::Done)
      output_.~Output();
    state_ = State::Dropped;
  }

 private:
  enum class State : unsigned char { Dropped, Running, Done };
  union {
    Fut future_;
    Output output_;
  };
  State state_ = State::Dropped;  // one byte: the layout above
};

/// A child of select: its future until a winner is found, then nothing.
template <class Fut>
class SelectChild {
 public:
  template <class A>
  explicit SelectChild(A&& arg) {
    construct_child(&future_, std::forward<A>(arg));
    engaged_ = true;
  }
  SelectChild(SelectChild&& other) noexcept(std::is_nothrow_move_constructible_v<Fut>) {
    if (other.engaged_)
      ::new (static_cast<void*>(&future_)) Fut(std::move(other.future_));
    engaged_ = other.engaged_;
  }
  SelectChild& operator=(SelectChild&&) = delete;
  ~SelectChild() { drop(); }

  Fut& future() { return future_; }

  void drop() noexcept {
    if (engaged_)
      future_.~Fut();
    engaged_ = false;
  }

 private:
  union {
    Fut future_;
  };
  bool engaged_ = false;
};

}  // namespace unawait::detail
