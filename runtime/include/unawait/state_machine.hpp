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

// poll() finishes the future when its body throws:
//
//     UNAWAIT_TRY { ...the body... } UNAWAIT_CATCH_ALL { finish(); UNAWAIT_RETHROW; }
//
// is try/catch (free on the path that does not throw), and compiles to the
// body alone under -fno-exceptions.
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define UNAWAIT_TRY try
#define UNAWAIT_CATCH_ALL catch (...)
#define UNAWAIT_RETHROW throw
#else
#define UNAWAIT_TRY if (true)
#define UNAWAIT_CATCH_ALL else
#define UNAWAIT_RETHROW static_cast<void>(0)
#endif

namespace unawait::detail {

// The storage of a frame member, for placement new.
template <class T>
void* address_of(T& member) noexcept {
  return const_cast<void*>(static_cast<const volatile void*>(std::addressof(member)));
}

// The address of any glvalue, an xvalue included (std::addressof takes
// lvalues only): how a frame keeps a reference, or an awaited future that is
// not its own, as a pointer.
template <class T>
std::remove_reference_t<T>* pointer_to(T&& object) noexcept {
  return std::addressof(object);
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
