// unawait/config.hpp: the annotation macro and contract checks.
//
// `UNAWAIT_ASYNC` marks an async function for the unawait rewriter. Under
// clang it is an annotation attribute the tool looks for; elsewhere it expands
// to nothing, so the unrewritten file stays ordinary C++20.
//
// `UNAWAIT_CONTRACT(cond, msg)` checks a precondition of the runtime (polling a
// finished future, reading a pending Poll, ...). It is active when NDEBUG is
// not defined, or when UNAWAIT_CHECKED is defined (to keep checks in an
// optimised build). A violation prints
//     unawait: contract violation: <msg>
// to stderr and aborts: these are bugs in the caller, not recoverable errors.
// UNAWAIT_CHECKS_ENABLED is 1 when the checks are on, 0 otherwise. Define
// UNAWAIT_CHECKED (or not NDEBUG) the same way in every file of a program.
//
// Exceptions are optional (-fno-exceptions). UNAWAIT_EXCEPTIONS is 1 when
// they are on. The runtime writes its handlers as
//     UNAWAIT_TRY { ... } UNAWAIT_CATCH_ALL { ...; UNAWAIT_RETHROW; }
// which without exceptions keeps the try block and drops the handler (nothing
// can throw into it). What the runtime would throw (StuckTaskError,
// TaskCancelled) it raises with detail::throw_or_abort(error): without
// exceptions that prints error.what() (it starts with "unawait: ") to stderr
// and aborts, as an uncaught exception would have terminated the program.
//
//     UNAWAIT_ASYNC unawait::Async<int> answer() { co_return 42; }
//     UNAWAIT_CONTRACT(slot != nullptr, "polled after completion");
#pragma once

#include <cstdio>
#include <cstdlib>

#if defined(__clang__)
#define UNAWAIT_ASYNC [[clang::annotate("unawait.async")]]
#else
#define UNAWAIT_ASYNC
#endif

namespace unawait::detail {

// Always aborts, whatever the build mode. Generated state machines call it
// directly for violations they must always catch.
[[noreturn]] inline void contract_violation(const char* msg) noexcept {
  std::fprintf(stderr, "unawait: contract violation: %s\n", msg);
  std::fflush(stderr);
  std::abort();
}

}  // namespace unawait::detail

#if defined(__cpp_exceptions)
#define UNAWAIT_EXCEPTIONS 1
#define UNAWAIT_TRY try
#define UNAWAIT_CATCH_ALL catch (...)
#define UNAWAIT_RETHROW throw
#else
#define UNAWAIT_EXCEPTIONS 0
#define UNAWAIT_TRY if (true)
#define UNAWAIT_CATCH_ALL else
// Unreachable (the handler never runs); abort keeps it [[noreturn]] like throw.
#define UNAWAIT_RETHROW std::abort()
#endif

namespace unawait::detail {

// Throws `error`; without exceptions, prints its what() and aborts (the
// message names what happened: the runtime's errors start with "unawait: ").
template <class Error>
[[noreturn]] void throw_or_abort(const Error& error) {
#if UNAWAIT_EXCEPTIONS
  throw error;
#else
  std::fprintf(stderr, "%s\n", error.what());
  std::fflush(stderr);
  std::abort();
#endif
}

}  // namespace unawait::detail

#if !defined(NDEBUG) || defined(UNAWAIT_CHECKED)
#define UNAWAIT_CHECKS_ENABLED 1
#define UNAWAIT_CONTRACT(cond, msg) \
  ((cond) ? static_cast<void>(0) : ::unawait::detail::contract_violation(msg))
#else
#define UNAWAIT_CHECKS_ENABLED 0
// Unevaluated, so that what the check names does not become unused.
#define UNAWAIT_CONTRACT(cond, msg) static_cast<void>(sizeof(static_cast<bool>(cond)))
#endif
