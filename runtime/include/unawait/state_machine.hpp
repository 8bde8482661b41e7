// unawait/state_machine.hpp: the small support the generated state machines use.
//
// `unawait rewrite` turns every annotated async function into a class whose
// poll() runs the body as a state machine (see docs/design.md). Its kept
// objects live in anonymous unions inside the class, constructed with
// placement new where the source declares them and destroyed by hand where
// their scope ends; these helpers keep that code short and readable. Nothing
// here is meant for hand-written code.
//
//     ::new (unawait::detail::address_of(buf)) Buffer(4096);
//     ...
//     unawait::detail::destroy(buf);
#pragma once

#include <exception>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "context.hpp"
#include "poll.hpp"

namespace unawait::detail {

// The storage of a frame member, for placement new.
template <class T>
void* address_of(T& member) noexcept {
  return const_cast<void*>(static_cast<const volatile void*>(std::addressof(member)));
}

// Ends the lifetime of a frame member (arrays element by element, last first).
template <class T>
void destroy(T& member) noexcept {
  if constexpr (std::is_array_v<T>) {
    for (auto i = std::extent_v<T>; i > 0; --i) destroy(member[i - 1]);
  } else {
    member.~T();
  }
}

// Runs `on_unwind` if the scope is left by an exception: poll() uses it to
// destroy what the frame holds and finish the future when the body throws.
template <class F>
class OnUnwind {
 public:
  explicit OnUnwind(F on_unwind) : on_unwind_(std::move(on_unwind)) {}
  OnUnwind(const OnUnwind&) = delete;
  OnUnwind& operator=(const OnUnwind&) = delete;
  ~OnUnwind() {
    if (std::uncaught_exceptions() > exceptions_) on_unwind_();
  }

 private:
  F on_unwind_;
  int exceptions_ = std::uncaught_exceptions();
};

// Polling a finished state machine: always a bug in the caller.
[[noreturn]] inline void polled_after_ready(const char* function) noexcept {
  std::fprintf(stderr, "unawait: contract violation: %s polled after it returned Ready\n", function);
  std::fflush(stderr);
  std::abort();
}

// The ready Poll for a co_return'ed value. The moved-from value is destroyed
// here, before the frame's objects, as a coroutine destroys its promise first.
template <class T>
Poll<T> take_result(std::optional<T>& result) {
  UNAWAIT_CONTRACT(result.has_value(), "an async function flowed off its end without co_return");
  Poll<T> ready(std::in_place, std::move(*result));
  result.reset();
  return ready;
}

}  // namespace unawait::detail
