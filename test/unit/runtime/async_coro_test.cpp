// Async<T> as the coroutine type of unrewritten async functions (C++20).
// Built with g++ by CMake and with clang++-19 by the runtime_coro_clang19 test.
// The traces pinned here are what rewritten state machines must reproduce.
#include <unawait/unawait.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace {

using namespace std::chrono_literals;
using unawait_test::CountingWaker;
using unawait_test::poll_once;
using unawait_test::Trace;
using unawait_test::Traced;

static_assert(unawait::Future<unawait::Async<int>>);
static_assert(unawait::Future<unawait::Async<void>>);

// Pending `pending_polls` times, then ready with `value`; records the waker it saw.
struct WakeYield {
  using output_type = int;
  int value;
  int pending_polls = 1;
  int polls = 0;
  const unawait::Waker* seen = nullptr;
  unawait::Poll<int> poll(unawait::Context& cx) {
    ++polls;
    seen = &cx.waker();
    if (pending_polls-- > 0) {
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready(value);
  }
};

// The SPEC's example.
UNAWAIT_ASYNC unawait::Async<int> compute(int n) {
  int a = co_await WakeYield{n};
  if (a % 2 == 0) {
    int b = co_await WakeYield{a * 2};
    co_return a + b;
  }
  co_return a;
}

TEST(AsyncCoroutine, RunsTheSpecExample) {
  for (int n = 0; n < 20; ++n) EXPECT_EQ(unawait::block_on(compute(n)), n % 2 == 0 ? 3 * n : n) << n;
}

TEST(AsyncCoroutine, PollCountFollowsTheAwaits) {
  auto even = compute(2);
  int polls = 0;
  while (poll_once(even, unawait::noop_waker()).is_pending()) ++polls;
  EXPECT_EQ(polls, 2);  // one pending per await, then ready
}

unawait::Async<void> log_steps(std::vector<std::string>& log) {
  log.push_back("started");
  co_await unawait::yield_now();
  log.push_back("resumed");
}

unawait::Async<int&> larger(int& a, int& b) {
  co_await WakeYield{0, 1};
  co_return a < b ? b : a;
}

TEST(AsyncCoroutine, AReferenceResultIsBoundNotCopied) {
  int a = 1, b = 2;
  int& got = unawait::block_on(larger(a, b));
  EXPECT_EQ(&got, &b);
}

TEST(AsyncCoroutine, StartsLazily) {
  std::vector<std::string> log;
  auto task = log_steps(log);
  EXPECT_TRUE(log.empty());
  EXPECT_TRUE(poll_once(task, unawait::noop_waker()).is_pending());
  EXPECT_EQ(log, std::vector<std::string>{"started"});
  EXPECT_TRUE(poll_once(task, unawait::noop_waker()).is_ready());
  EXPECT_EQ(log.back(), "resumed");
}

unawait::Async<int> await_lvalue(WakeYield& future) { co_return co_await future; }

TEST(AsyncCoroutine, AnLvalueIsPolledInPlaceWithTheCallersContext) {
  WakeYield future{7, 2};
  auto task = await_lvalue(future);
  CountingWaker counter;
  unawait::Waker waker = counter.make();
  EXPECT_TRUE(poll_once(task, waker).is_pending());
  EXPECT_EQ(future.seen, &waker);  // the very waker of our Context
  EXPECT_TRUE(poll_once(task, waker).is_pending());
  auto result = poll_once(task, waker);
  ASSERT_TRUE(result.is_ready());
  EXPECT_EQ(std::move(result).value(), 7);
  EXPECT_EQ(future.polls, 3);  // one poll of the future per poll of the Async
}

// Neither copyable nor movable: only polling in place compiles.
struct Pinned {
  using output_type = const void*;
  Pinned() = default;
  Pinned(const Pinned&) = delete;
  Pinned(Pinned&&) = delete;
  bool yielded = false;
  unawait::Poll<const void*> poll(unawait::Context& cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::ready(static_cast<const void*>(this));
  }
};

unawait::Async<bool> await_pinned_temporary() {
  const void* address = co_await Pinned{};
  co_return address != nullptr;
}

TEST(AsyncCoroutine, ATemporaryIsPolledInPlaceAcrossTheSuspension) {
  EXPECT_TRUE(unawait::block_on(await_pinned_temporary()));
}

// Records its moves and destruction; ready on the second poll with a Traced output.
// (A constructor, not an aggregate: GCC 12 miscompiles `co_await Aggregate{Traced(...)}`,
// freeing the member twice; clang 19 is fine.)
struct TracedFuture {
  using output_type = Traced;
  TracedFuture(Trace* t, const char* name) : trace(t), self(*t, name) {}
  Trace* trace;
  Traced self;
  bool yielded = false;
  unawait::Poll<Traced> poll(unawait::Context& cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    return unawait::Poll<Traced>(std::in_place, *trace, "output");
  }
};

unawait::Async<void> await_traced(Trace& trace) {
  Traced got = co_await TracedFuture(&trace, "awaited");
  trace.add("after the await");
}

TEST(AsyncCoroutine, AwaitTraceNoCopyNoMoveOfTheFutureOneMoveOfTheOutput) {
  Trace trace;
  unawait::block_on(await_traced(trace));
  std::vector<std::string> expected{
      "ctor awaited",     // the temporary future, built in the frame
      "ctor output",      // built by its poll, in place in the awaiter's Poll
      "move output",      // the one move: into `got`
      "dtor output",      // the moved-from output, with the Poll, at the end of the full-expression
      "dtor awaited",     // the temporary future, at the end of the full-expression
      "after the await",  //
      "dtor output",      // `got`
  };
  EXPECT_EQ(trace.events(), expected);
}

unawait::Async<int> immediate() {
  int a = co_await WakeYield{1, 0};
  int b = co_await WakeYield{2, 0};
  co_return a + b;
}

TEST(AsyncCoroutine, ReadyAwaitsDoNotSuspend) {
  auto task = immediate();
  auto result = poll_once(task, unawait::noop_waker());
  ASSERT_TRUE(result.is_ready());
  EXPECT_EQ(std::move(result).value(), 3);
}

unawait::Async<int> with_param([[maybe_unused]] Traced param, int value) {
  co_await unawait::yield_now();
  co_return value;
}

TEST(AsyncCoroutine, ParameterCopiesAreDestroyedBeforePollReturnsReady) {
  Trace trace;
  {
    auto task = with_param(Traced(trace, "param"), 5);
    trace.add("created");
    EXPECT_TRUE(poll_once(task, unawait::noop_waker()).is_pending());
    auto result = poll_once(task, unawait::noop_waker());
    trace.add("ready returned");
    ASSERT_TRUE(result.is_ready());
    EXPECT_TRUE(task.finished());
  }
  std::vector<std::string> expected{
      "ctor param", "move param",  // the argument, and the frame's copy
      "dtor param",                // the argument, at the end of the caller's full-expression
      "created",    "dtor param",  // the frame's copy, before poll returns ready
      "ready returned"};
  EXPECT_EQ(trace.events(), expected);
}

unawait::Async<Traced> return_local(Trace& trace) {
  Traced local(trace, "result");
  co_await unawait::yield_now();
  co_return local;  // implicit move
}

TEST(AsyncCoroutine, CoReturnOfALocalMovesItThenPollMovesItOnce) {
  Trace trace;
  {
    Traced out = unawait::block_on(return_local(trace));
    trace.add("got it");
  }
  std::vector<std::string> expected{
      "ctor result",
      "move result",  // co_return: into the promise
      "dtor result",  // the local, as the body ends
      "move result",  // poll: out of the promise into the returned Poll
      "dtor result",  // the promise's moved-from result, with the frame
      "move result",  // block_on: out of the Poll into its return value (into `out`)
      "dtor result",  // block_on's Poll
      "got it",
      "dtor result",  // `out`
  };
  EXPECT_EQ(trace.events(), expected);
}

struct Pair {
  int a;
  std::string b;
};

unawait::Async<Pair> braced() { co_return {1, "two"}; }
unawait::Async<long> converted() { co_return 3; }
unawait::Async<std::unique_ptr<int>> move_only() { co_return std::make_unique<int>(4); }

TEST(AsyncCoroutine, CoReturnConvertsLikeInitialisation) {
  Pair p = unawait::block_on(braced());
  EXPECT_EQ(p.a, 1);
  EXPECT_EQ(p.b, "two");
  EXPECT_EQ(unawait::block_on(converted()), 3L);
  EXPECT_EQ(*unawait::block_on(move_only()), 4);
}

unawait::Async<void> holds_locals(Trace& trace) {
  Traced outer(trace, "outer");
  {
    Traced inner(trace, "inner");
    Traced got = co_await TracedFuture(&trace, "awaited");
    trace.add("unreachable");
  }
}

TEST(AsyncCoroutine, DroppingASuspendedAsyncDestroysItsLiveObjectsInReverse) {
  Trace trace;
  {
    auto task = holds_locals(trace);
    EXPECT_TRUE(poll_once(task, unawait::noop_waker()).is_pending());
    trace.add("dropping");
  }
  std::vector<std::string> expected{"ctor outer", "ctor inner", "ctor awaited", "dropping",
                                    "dtor awaited", "dtor inner", "dtor outer"};
  EXPECT_EQ(trace.events(), expected);
}

TEST(AsyncCoroutine, DroppingAnUnstartedAsyncDestroysItsParameters) {
  Trace trace;
  {
    auto task = with_param(Traced(trace, "param"), 1);
    trace.add("dropping");
  }
  EXPECT_EQ(trace.events().back(), "dtor param");
}

// Throws from its second poll: outside the coroutine body.
struct ThrowsLater {
  using output_type = int;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context& cx) {
    if (!yielded) {
      yielded = true;
      cx.waker().wake_by_ref();
      return unawait::pending;
    }
    throw std::runtime_error("later");
  }
};

struct ThrowsAtOnce {
  using output_type = int;
  unawait::Poll<int> poll(unawait::Context&) { throw std::runtime_error("at once"); }
};

unawait::Async<std::string> catches(Trace& trace) {
  std::string caught;
  try {
    Traced guard(trace, "guard");
    co_await ThrowsLater{};
  } catch (const std::runtime_error& e) {
    trace.add("caught");
    caught += e.what();
  }
  try {
    co_await ThrowsAtOnce{};
  } catch (const std::runtime_error& e) {
    caught += std::string(" ") + e.what();
  }
  co_return caught;
}

TEST(AsyncCoroutine, AnAwaitedFuturesExceptionIsCaughtInTheBody) {
  Trace trace;
  EXPECT_EQ(unawait::block_on(catches(trace)), "later at once");
  std::vector<std::string> expected{"ctor guard", "dtor guard", "caught"};
  EXPECT_EQ(trace.events(), expected);
}

unawait::Async<int> escapes(Trace& trace, [[maybe_unused]] Traced param) {
  Traced local(trace, "local");
  co_await ThrowsLater{};
  co_return 1;
}

TEST(AsyncCoroutine, AnEscapingExceptionIsRethrownFromPollAndFinishesTheAsync) {
  Trace trace;
  auto task = escapes(trace, Traced(trace, "param"));
  EXPECT_TRUE(poll_once(task, unawait::noop_waker()).is_pending());
  try {
    static_cast<void>(poll_once(task, unawait::noop_waker()));
    FAIL() << "expected the exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "later");
    trace.add("caught by the poller");
  }
  EXPECT_TRUE(task.finished());
  auto events = trace.events();
  ASSERT_GE(events.size(), 3u);
  // The frame (the local, then the parameter copy) is gone before the exception reaches us.
  EXPECT_EQ(events[events.size() - 3], "dtor local");
  EXPECT_EQ(events[events.size() - 2], "dtor param");
  EXPECT_EQ(events.back(), "caught by the poller");
}

unawait::Async<int> fib(int n) {
  if (n < 2) co_return n;
  co_await unawait::yield_now();
  int a = co_await fib(n - 1);
  int b = co_await fib(n - 2);
  co_return a + b;
}

TEST(AsyncCoroutine, NestedAsyncsPollTheirChildren) { EXPECT_EQ(unawait::block_on(fib(12)), 144); }

unawait::Async<int> await_boxed_lvalue() {
  unawait::Async<int> child = WakeYield{20, 3};  // a boxed future
  unawait::Async<int> other = compute(4);        // a coroutine
  int a = co_await child;
  int b = co_await other;
  co_return a + b;
}

TEST(AsyncCoroutine, AwaitsAsyncsOfBothKinds) { EXPECT_EQ(unawait::block_on(await_boxed_lvalue()), 32); }

struct Counter {
  int value = 0;
  UNAWAIT_ASYNC unawait::Async<int> add(int n) {
    co_await unawait::yield_now();
    value += n;
    co_return value;
  }
};

TEST(AsyncCoroutine, MemberFunctions) {
  Counter counter;
  EXPECT_EQ(unawait::block_on(counter.add(2)), 2);
  EXPECT_EQ(unawait::block_on(counter.add(3)), 5);
}

unawait::Async<int> sleeper(std::chrono::milliseconds d, int v) {
  co_await unawait::sleep_for(d);
  co_return v;
}

unawait::Async<int> joined_sleepers() {
  auto [a, b] = co_await unawait::join(sleeper(100ms, 1), sleeper(100ms, 2));
  co_return a + b;
}

TEST(AsyncCoroutine, JoinedCoroutinesSleepConcurrently) {
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(unawait::block_on(joined_sleepers()), 3);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 180ms);
}

unawait::Async<int> producer(unawait::oneshot::Sender<int> tx) {
  co_await unawait::sleep_for(1ms);
  tx.send(41);
  co_return 0;
}

unawait::Async<int> consumer(unawait::oneshot::Receiver<int> rx) {
  auto value = co_await rx;
  co_return value.value_or(0) + 1;
}

TEST(AsyncCoroutine, TasksOnAnExecutorTalkThroughAOneshot) {
  unawait::Executor ex;
  auto [tx, rx] = unawait::oneshot::channel<int>();
  auto result = ex.spawn(consumer(std::move(rx)));
  ex.spawn(producer(std::move(tx)));
  ex.run();
  EXPECT_EQ(unawait::block_on(result), 42);
}

unawait::Async<std::string> selects_timeout() {
  unawait::Notify never;
  auto winner = co_await unawait::select(never.notified(), unawait::sleep_for(5ms));
  co_return winner.index() == 1 ? "timed out" : "notified";
}

TEST(AsyncCoroutine, SelectWithATimeout) { EXPECT_EQ(unawait::block_on(selects_timeout()), "timed out"); }

TEST(AsyncCoroutine, RunsOnAThreadPool) {
  unawait::ThreadPool pool(2);
  std::vector<unawait::JoinHandle<int>> handles;
  for (int i = 0; i < 20; ++i) handles.push_back(pool.spawn(fib(8)));
  for (auto& handle : handles) EXPECT_EQ(unawait::block_on(handle), 21);
}

TEST(AsyncCoroutineDeath, PollingAFinishedCoroutineIsAContractViolation) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto task = immediate();
  ASSERT_TRUE(poll_once(task, unawait::noop_waker()).is_ready());
  EXPECT_DEATH(static_cast<void>(poll_once(task, unawait::noop_waker())),
               "unawait: contract violation: Async polled after it completed");
}

}  // namespace
