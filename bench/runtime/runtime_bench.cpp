// bench/runtime/runtime_bench.cpp: the unawait side of the runtime-against-Tokio
// comparison (issue 10, "The runtime"; docs/performance.md). The Rust side,
// bench/runtime/tokio/src/main.rs, runs the same workloads on Tokio and
// prints the same lines; bench/runtime/compare.py runs both alternately.
//
//     unawait_bench_runtime [--tasks N] [--sleeps M] [--only NAME[,NAME...]]
//
// Workloads (N defaults to 1,000,000, M to 10,000):
//   spawn        an Executor task spawns N small tasks (batches of 1024) and awaits their JoinHandles
//   spawn_all    the same in one batch: all N tasks are spawned before the first one runs
//   spawn_yield  the same as spawn, each task yields once (yield_now) before it completes
//   pool_spawn   the same on ThreadPool(2), the driver being a pool task (block_on of its handle)
//   ping_pong    two Executor tasks, N round trips over two Notify
//   sleep        M Executor tasks sleeping 1-50 ms (deterministic pseudo-random) from their first
//                poll, CPU time (getrusage, all threads) per sleep and the latest wake-up past its deadline
//   block_on     N block_on calls on a ready future
//
// Only public runtime names are used, and every future is hand-written (the
// shape `unawait rewrite` produces), so that no coroutine frame is allocated.
// Each workload prints one JSON object on one line:
//   {"side":"unawait","workload":"spawn","units":1000000,"ns_per_unit":717.0,"allocs_per_unit":3.0,...}
// counting heap allocations with the replaced global operator new below.
#include <unawait/unawait.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <optional>
#include <string>
#include <vector>

// --- Allocation counting -----------------------------------------------------
namespace {
std::atomic<std::uint64_t> g_allocations{0};

void* counted_alloc(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  return std::malloc(size);
}

void* counted_aligned_alloc(std::size_t size, std::align_val_t align) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  std::size_t a = static_cast<std::size_t>(align);
  if (a < sizeof(void*)) a = sizeof(void*);
  void* p = nullptr;
  if (posix_memalign(&p, a, size == 0 ? 1 : size) != 0) return nullptr;
  return p;
}
}  // namespace

void* operator new(std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new(std::size_t size, std::align_val_t align) {
  if (void* p = counted_aligned_alloc(size, align)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t align) {
  if (void* p = counted_aligned_alloc(size, align)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, align);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kBatch = 1024;

template <class T>
inline void do_not_optimize(T const& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

std::uint64_t allocations() { return g_allocations.load(std::memory_order_relaxed); }

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto secs = [](const timeval& tv) { return double(tv.tv_sec) + double(tv.tv_usec) * 1e-6; };
  return secs(usage.ru_utime) + secs(usage.ru_stime);
}

// One measured region: wall time, CPU time and allocations between start and stop.
struct Meter {
  Clock::time_point t0 = Clock::now();
  double cpu0 = cpu_seconds();
  std::uint64_t a0 = allocations();

  void report(const char* workload, std::uint64_t units, const std::string& extra = "") const {
    std::uint64_t a1 = allocations();
    double cpu1 = cpu_seconds();
    double wall_ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    std::printf(
        "{\"side\":\"unawait\",\"workload\":\"%s\",\"units\":%" PRIu64
        ",\"ns_per_unit\":%.3f,\"wall_ns_per_unit\":%.3f,\"cpu_ns_per_unit\":%.3f,\"allocs_per_unit\":%.4f%s}\n",
        workload, units, wall_ns / double(units), wall_ns / double(units), (cpu1 - cpu0) * 1e9 / double(units),
        double(a1 - a0) / double(units), extra.c_str());
    std::fflush(stdout);
  }
};

// --- Leaf futures ------------------------------------------------------------

// Ready at once with its number.
struct Small {
  using output_type = std::uint64_t;
  std::uint64_t n;
  unawait::Poll<std::uint64_t> poll(unawait::Context&) { return unawait::ready(n); }
};

// Pending once (yield_now), then ready with its number.
struct SmallYield {
  using output_type = std::uint64_t;
  std::uint64_t n;
  unawait::YieldNow yield{};
  unawait::Poll<std::uint64_t> poll(unawait::Context& cx) {
    if (yield.poll(cx).is_pending()) return unawait::pending;
    return unawait::ready(n);
  }
};

// Spawns `total` Child tasks on `spawner`, `batch` at a time, and awaits each
// batch's JoinHandles in order; ready with the sum of their outputs.
template <class Spawner, class Child>
struct Driver {
  using output_type = std::uint64_t;
  Spawner* spawner;
  std::uint64_t total;
  std::uint64_t batch;
  std::uint64_t spawned = 0;
  std::uint64_t sum = 0;
  std::size_t next = 0;  // the handle awaited now
  std::vector<unawait::JoinHandle<std::uint64_t>> handles{};

  unawait::Poll<std::uint64_t> poll(unawait::Context& cx) {
    for (;;) {
      if (next < handles.size()) {
        auto result = handles[next].poll(cx);
        if (result.is_pending()) return unawait::pending;
        sum += std::move(result).value();
        ++next;
        continue;
      }
      handles.clear();
      next = 0;
      if (spawned == total) return unawait::ready(sum);
      std::uint64_t count = std::min<std::uint64_t>(batch, total - spawned);
      if (handles.capacity() < count) handles.reserve(count);
      for (std::uint64_t i = 0; i < count; ++i) handles.push_back(spawner->spawn(Child{spawned++}));
    }
  }
};

// One side of the ping-pong: `rounds` times, (notify `out` if it serves first)
// await `in`, (notify `out` if it answers).
struct Player {
  using output_type = void;
  unawait::Notify* in;
  unawait::Notify* out;
  std::uint64_t rounds;
  bool serves;
  std::uint64_t done = 0;
  std::optional<unawait::Notified> waiting{};

  unawait::Poll<void> poll(unawait::Context& cx) {
    for (;;) {
      if (!waiting) {
        if (done == rounds) return unawait::ready();
        if (serves) out->notify_one();
        waiting.emplace(in->notified());
      }
      if (waiting->poll(cx).is_pending()) return unawait::pending;
      waiting.reset();
      if (!serves) out->notify_one();
      ++done;
    }
  }
};

// Sleeps for `duration` from its first poll (so the deadline does not pass
// while the task waits for its first turn), then records how late it woke.
struct Sleeper {
  using output_type = void;
  std::chrono::milliseconds duration;
  std::int64_t* latest_late_ns;
  std::int64_t* total_late_ns;
  std::optional<unawait::Sleep> sleep{};

  unawait::Poll<void> poll(unawait::Context& cx) {
    if (!sleep) sleep.emplace(unawait::sleep_for(duration));
    if (sleep->poll(cx).is_pending()) return unawait::pending;
    std::int64_t late = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - sleep->deadline()).count();
    *latest_late_ns = std::max(*latest_late_ns, late);
    *total_late_ns += late;
    return unawait::ready();
  }
};

// --- Workloads ---------------------------------------------------------------

template <class Child>
void spawn_on_executor(const char* name, std::uint64_t tasks, std::uint64_t batch) {
  unawait::Executor ex;
  Meter meter;
  unawait::JoinHandle<std::uint64_t> driver = ex.spawn(Driver<unawait::Executor, Child>{&ex, tasks, batch});
  ex.run();
  unawait::Context cx(unawait::noop_waker());
  auto sum = driver.poll(cx);
  if (!sum.is_ready() || std::move(sum).value() != tasks * (tasks - 1) / 2) {
    std::fprintf(stderr, "%s: wrong sum\n", name);
    std::exit(1);
  }
  meter.report(name, tasks);
}

void pool_spawn(std::uint64_t tasks) {
  unawait::ThreadPool pool(2);
  Meter meter;
  std::uint64_t sum = unawait::block_on(pool.spawn(Driver<unawait::ThreadPool, Small>{&pool, tasks, kBatch}));
  if (sum != tasks * (tasks - 1) / 2) {
    std::fprintf(stderr, "pool_spawn: wrong sum\n");
    std::exit(1);
  }
  meter.report("pool_spawn", tasks);
}

void ping_pong(std::uint64_t rounds) {
  unawait::Notify ping, pong;
  unawait::Executor ex;
  Meter meter;
  ex.spawn(Player{&pong, &ping, rounds, true});
  ex.spawn(Player{&ping, &pong, rounds, false});
  ex.run();
  meter.report("ping_pong", rounds);
}

void sleeps(std::uint64_t count) {
  unawait::Executor ex;
  std::int64_t latest_late_ns = 0, total_late_ns = 0;
  std::uint32_t lcg = 12345;
  Meter meter;
  for (std::uint64_t i = 0; i < count; ++i) {
    lcg = lcg * 1664525u + 1013904223u;
    auto ms = std::chrono::milliseconds(1 + (lcg >> 8) % 50);
    ex.spawn(Sleeper{ms, &latest_late_ns, &total_late_ns});
  }
  ex.run();
  char extra[160];
  std::snprintf(extra, sizeof extra, ",\"max_late_us\":%.1f,\"mean_late_us\":%.1f", double(latest_late_ns) / 1e3,
                double(total_late_ns) / 1e3 / double(count));
  // ns_per_unit is CPU time for this workload: its wall time is the longest sleep.
  std::uint64_t a1 = allocations();
  double cpu1 = cpu_seconds();
  double wall_ns = std::chrono::duration<double, std::nano>(Clock::now() - meter.t0).count();
  double cpu_ns = (cpu1 - meter.cpu0) * 1e9 / double(count);
  std::printf(
      "{\"side\":\"unawait\",\"workload\":\"sleep\",\"units\":%" PRIu64
      ",\"ns_per_unit\":%.3f,\"wall_ns_per_unit\":%.3f,\"cpu_ns_per_unit\":%.3f,\"allocs_per_unit\":%.4f%s}\n",
      count, cpu_ns, wall_ns / double(count), cpu_ns, double(a1 - meter.a0) / double(count), extra);
  std::fflush(stdout);
}

void block_on_ready(std::uint64_t calls) {
  Meter meter;
  std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < calls; ++i) {
    sum += unawait::block_on(Small{i});
    do_not_optimize(sum);
  }
  meter.report("block_on", calls);
}

bool selected(const std::vector<std::string>& only, const char* name) {
  return only.empty() || std::find(only.begin(), only.end(), name) != only.end();
}

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: unawait_bench_runtime [--tasks N] [--sleeps M] [--only NAME[,NAME...]]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t tasks = 1000000, sleep_count = 10000;
  std::vector<std::string> only;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc) usage();
    std::string value = argv[++i];
    if (arg == "--tasks") {
      tasks = std::strtoull(value.c_str(), nullptr, 10);
    } else if (arg == "--sleeps") {
      sleep_count = std::strtoull(value.c_str(), nullptr, 10);
    } else if (arg == "--only") {
      std::size_t start = 0;
      for (;;) {
        std::size_t comma = value.find(',', start);
        only.push_back(value.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else {
      usage();
    }
  }
  if (tasks == 0 || sleep_count == 0) usage();

  if (selected(only, "spawn")) spawn_on_executor<Small>("spawn", tasks, kBatch);
  if (selected(only, "spawn_all")) spawn_on_executor<Small>("spawn_all", tasks, tasks);
  if (selected(only, "spawn_yield")) spawn_on_executor<SmallYield>("spawn_yield", tasks, kBatch);
  if (selected(only, "pool_spawn")) pool_spawn(tasks);
  if (selected(only, "ping_pong")) ping_pong(tasks);
  if (selected(only, "sleep")) sleeps(sleep_count);
  if (selected(only, "block_on")) block_on_ready(tasks);
  return 0;
}
