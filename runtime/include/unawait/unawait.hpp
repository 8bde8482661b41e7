// unawait/unawait.hpp: the whole runtime in one include.
//
//     #include <unawait/unawait.hpp>
//
//     UNAWAIT_ASYNC unawait::Async<int> answer() {
//       co_await unawait::sleep_for(std::chrono::milliseconds(10));
//       co_return 42;
//     }
//     int main() { return unawait::block_on(answer()) == 42 ? 0 : 1; }
//
// Everything is C++17 except the coroutine side of Async<T> (C++20).
#pragma once

#include "config.hpp"
#include "poll.hpp"
#include "waker.hpp"
#include "context.hpp"
#include "future.hpp"
#include "async.hpp"
#include "block_on.hpp"
#include "join_handle.hpp"
#include "executor.hpp"
#include "checked_executor.hpp"
#include "thread_pool.hpp"
#include "timer.hpp"
#include "yield_now.hpp"
#include "join.hpp"
#include "select.hpp"
#include "oneshot.hpp"
#include "notify.hpp"
#include "atomic_waker.hpp"

// Support code for rewritten state machines (maintained with the tool).
#if __has_include("state_machine.hpp")
#include "state_machine.hpp"
#endif
