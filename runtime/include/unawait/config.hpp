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

#if !defined(NDEBUG) || defined(UNAWAIT_CHECKED)
#define UNAWAIT_CHECKS_ENABLED 1
#define UNAWAIT_CONTRACT(cond, msg) \
  ((cond) ? static_cast<void>(0) : ::unawait::detail::contract_violation(msg))
#else
#define UNAWAIT_CHECKS_ENABLED 0
// Unevaluated, so that what the check names does not become unused.
#define UNAWAIT_CONTRACT(cond, msg) static_cast<void>(sizeof(static_cast<bool>(cond)))
#endif
