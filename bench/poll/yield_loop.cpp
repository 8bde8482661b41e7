// The poll benchmark's async function, written once. Built as a C++20
// coroutine (this file) and, rewritten by `unawait rewrite` at build time, as a
// C++17 state machine; bench/poll/yield_loop_hand.cpp is the same logic
// written by hand. The frame-size check measures it too.
#include "bench_export.hpp"
#include "yield_once.hpp"

namespace {

using unawait_bench::yield_once;

UNAWAIT_ASYNC unawait::Async<void> yield_loop16() {
  for (int i = 0; i < 16; ++i)
    co_await yield_once();
}

} // namespace

UNAWAIT_BENCH_EXPORT(yield_loop16)
