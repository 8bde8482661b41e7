// Futures and helpers shared by the rewrite tests. Each test program runs as
// C++20 coroutines and rewritten, and both must print the same.
#pragma once

#include <unawait/unawait.hpp>

#include <cstdio>
#include <utility>

/// Prints its construction, copies, moves and destruction, so that the
/// tests compare the lifetimes of objects in the coroutine and the rewritten
/// builds, and see any copy or move the rewrite would add.
struct Tracer {
  explicit Tracer(const char *given) : name(given) { std::printf("+%s\n", name); }
  Tracer(const Tracer &other) : name(other.name) {
    std::printf("+%s (copy)\n", name);
  }
  Tracer(Tracer &&other) noexcept : name(other.name) {
    std::printf("+%s (move)\n", name);
  }
  Tracer &operator=(const Tracer &other) {
    std::printf("=%s (copy of %s)\n", name, other.name);
    return *this;
  }
  Tracer &operator=(Tracer &&other) noexcept {
    std::printf("=%s (move of %s)\n", name, other.name);
    return *this;
  }
  ~Tracer() { std::printf("-%s\n", name); }
  const char *name;
};

/// Pending once (after waking its task), then ready with its value: the
/// seed's wake_yield.
struct WakeYield {
  using output_type = int;
  int value;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (yielded)
      return unawait::ready(value);
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};
inline WakeYield wake_yield(int value) { return WakeYield{value}; }

/// The seed's Countdown: pending `remaining` times, then ready with the
/// number of polls.
struct Countdown {
  using output_type = unsigned;
  unsigned remaining;
  unsigned polls = 0;
  unawait::Poll<unsigned> poll(unawait::Context &cx) {
    ++polls;
    if (remaining == 0)
      return unawait::ready(polls);
    --remaining;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

/// A future that traces its own lifetime, pending once.
struct TracedYield {
  using output_type = void;
  explicit TracedYield(const char *name) : trace(name) {}
  Tracer trace;
  bool yielded = false;
  unawait::Poll<void> poll(unawait::Context &cx) {
    if (yielded)
      return unawait::ready();
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

/// Polls a future `polls` times with a no-op waker, then drops it: tests
/// cancellation after every possible number of polls.
template <class Future> void poll_then_drop(Future future, int polls) {
  unawait::Context cx(unawait::noop_waker());
  for (int i = 0; i < polls; ++i) {
    if (future.poll(cx).is_ready()) {
      std::printf("ready after %d polls\n", i + 1);
      return;
    }
  }
  std::printf("dropped after %d polls\n", polls);
}

/// Prints each poll of it, then is ready with `value` after `pending`
/// pendings: the tests count the polls of an operand C++ may skip.
template <class T> struct Traced {
  using output_type = T;
  const char *name;
  T value;
  int pending = 1;
  unawait::Poll<T> poll(unawait::Context &cx) {
    std::printf("poll %s\n", name);
    if (pending-- > 0) {
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready(value);
  }
};
template <class T> Traced<T> traced(const char *name, T value) {
  return Traced<T>{name, value};
}

/// Pending once, then throws `what` from its poll.
struct Throws {
  using output_type = int;
  const char *what;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx);
};

#include <stdexcept>
inline unawait::Poll<int> Throws::poll(unawait::Context &cx) {
  if (!yielded) {
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
  throw std::runtime_error(what);
}
