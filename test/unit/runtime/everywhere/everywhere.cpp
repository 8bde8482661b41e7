// One program that uses every part of the runtime, built by the
// runtime_everywhere_* tests with each compiler, standard library and
// -fno-exceptions / -fno-rtti (see CMakeLists.txt). It exits 0 when every
// check holds; each failed check prints its line.
#include <unawait/unawait.hpp>

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

using namespace std::chrono_literals;

namespace {

int failures = 0;

void check(bool ok, int line) {
  if (!ok) {
    std::fprintf(stderr, "everywhere.cpp:%d: check failed\n", line);
    ++failures;
  }
}
#define CHECK(cond) check((cond), __LINE__)

// A hand-written leaf future: pending `n` times (waking itself), then ready with `value`.
struct Countdown {
  using output_type = int;
  int n;
  int value;
  unawait::Poll<int> poll(unawait::Context& cx) {
    if (n == 0) return unawait::ready(value);
    --n;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};

// Awaits a JoinHandle from inside another task, as a generated state machine would.
struct AddOne {
  using output_type = int;
  unawait::JoinHandle<int> handle;
  unawait::Poll<int> poll(unawait::Context& cx) {
    unawait::Poll<int> inner = handle.poll(cx);
    if (inner.is_pending()) return unawait::pending;
    return unawait::ready(std::move(inner).value() + 1);
  }
};

void executor_and_join_handle() {
  unawait::Executor ex;
  unawait::JoinHandle<int> first = ex.spawn("first", Countdown{3, 41});
  unawait::JoinHandle<int> second = ex.spawn(AddOne{std::move(first)});
  ex.run();
  CHECK(unawait::block_on(second) == 42);
}

void checked_executor_runs_well_behaved_tasks() {
  unawait::CheckedExecutor ex;
  unawait::JoinHandle<void> handle = ex.spawn(unawait::yield_now());
  ex.run();
  unawait::block_on(handle);
}

void thread_pool() {
  unawait::ThreadPool pool(2);
  std::vector<unawait::JoinHandle<int>> handles;
  for (int i = 0; i < 8; ++i) handles.push_back(pool.spawn(Countdown{i, i}));
  int total = 0;
  for (auto& handle : handles) total += unawait::block_on(handle);
  CHECK(total == 28);
}

void async_box_join_and_select() {
  unawait::Async<int> boxed = Countdown{2, 7};
  auto [a, b, nothing] = unawait::block_on(unawait::join(std::move(boxed), Countdown{1, 8}, unawait::sleep_for(1ms)));
  CHECK(a == 7 && b == 8);
  static_cast<void>(nothing);
  auto winner = unawait::block_on(unawait::select(Countdown{5, 1}, Countdown{0, 2}));
  CHECK(winner.index() == 1 && std::get<1>(winner) == 2);
}

void oneshot_and_notify() {
  auto [tx, rx] = unawait::oneshot::channel<std::string>();
  std::thread producer([sender = std::move(tx)]() mutable { sender.send("sent"); });
  std::optional<std::string> got = unawait::block_on(rx);
  producer.join();
  CHECK(got == std::optional<std::string>("sent"));

  unawait::Notify notify;
  notify.notify_one();  // remembered as a permit
  unawait::block_on(notify.notified());
}

void timer() {
  auto start = std::chrono::steady_clock::now();
  unawait::block_on(unawait::sleep_until(start + 5ms));
  CHECK(std::chrono::steady_clock::now() - start >= 5ms);
}

#if UNAWAIT_HAS_COROUTINES
unawait::Async<int> coroutine(int n) {
  int doubled = co_await Countdown{1, 2 * n};
  co_await unawait::yield_now();
  co_return doubled + 1;
}
#endif

void coroutines() {
#if UNAWAIT_HAS_COROUTINES
  CHECK(unawait::block_on(coroutine(20)) == 41);
#endif
}

}  // namespace

int main() {
  executor_and_join_handle();
  checked_executor_runs_well_behaved_tasks();
  thread_pool();
  async_box_join_and_select();
  oneshot_and_notify();
  timer();
  coroutines();
  std::printf("everywhere: %s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
