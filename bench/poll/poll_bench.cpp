// The poll-cost benchmark. Five async functions (bench/poll/*.cpp), each
// written once and polled to completion in 17 polls (16 awaits that are
// pending once, then ready):
//   yield_loop16  16 awaits of a yield-once future in a loop,
//   try_loop16    the same with each await inside a try block,
//   raii_loop16   RAII objects kept across the awaits (something to destroy),
//   nest16        a three-level nest of annotated calls (a awaits b awaits c),
//   join16        awaits of unawait::join of two annotated calls;
// each as
//   hand_written  a hand-written state machine (bench/poll/*_hand.cpp),
//   rewritten     the source rewritten by unawait (C++17),
//   coroutine     the source as a C++20 coroutine (Async<T>, heap frames),
// each driven by the same loop (poll until ready) in two shapes: `called`,
// each poll a real call (like an executor polling a task), and `inlined`,
// poll() inlined into the loop; and with two wakers (bench/common/wakers.hpp):
// `foldable`, a no-op waker the optimiser can see, and `opaque`, one whose
// wake is an out-of-line indirect call. One iteration builds the future,
// polls it to completion and destroys it.
//
// Benchmark names: <function>/<driver>/<waker>/<variant>.
// bench/compare.py runs this binary (one per compiler) and prints the ratios
// to hand_written; bench/poll/check.py is the ctest smoke test.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench_export.hpp"

#define UNAWAIT_POLL_FUNCTIONS(X)                                              \
  X(yield_loop16)                                                              \
  X(try_loop16)                                                                \
  X(raii_loop16)                                                               \
  X(nest16)                                                                    \
  X(join16)

#define UNAWAIT_POLL_DECLARE(fn)                                               \
  UNAWAIT_BENCH_DECLARE(hand_written, fn)                                      \
  UNAWAIT_BENCH_DECLARE(coroutine, fn)
UNAWAIT_POLL_FUNCTIONS(UNAWAIT_POLL_DECLARE)
#if UNAWAIT_BENCH_HAVE_REWRITTEN
#define UNAWAIT_POLL_DECLARE_REWRITTEN(fn) UNAWAIT_BENCH_DECLARE(rewritten, fn)
UNAWAIT_POLL_FUNCTIONS(UNAWAIT_POLL_DECLARE_REWRITTEN)
#endif

namespace {

constexpr int kPolls = 17; // 16 pending polls, then ready

template <int (*Run)()>
void BM_poll(benchmark::State &state) {
  for (auto _ : state) {
    int polls = Run();
    benchmark::DoNotOptimize(polls);
  }
  state.SetItemsProcessed(state.iterations() * kPolls); // items/s = polls/s
}

struct Case {
  const char *function;
  const char *driver;  // called | inlined
  const char *waker;   // foldable | opaque
  const char *variant; // hand_written | rewritten | coroutine
  int (*run)();
  void (*benchmark)(benchmark::State &);
};

#define UNAWAIT_POLL_CASE(fn, variant, driver, waker)                          \
  {#fn, #driver, #waker, #variant,                                             \
   &unawait_bench::variant::run_##driver##_##waker##_##fn,                     \
   &BM_poll<&unawait_bench::variant::run_##driver##_##waker##_##fn>},
#define UNAWAIT_POLL_CASES(fn, variant)                                        \
  UNAWAIT_POLL_CASE(fn, variant, called, foldable)                             \
  UNAWAIT_POLL_CASE(fn, variant, called, opaque)                               \
  UNAWAIT_POLL_CASE(fn, variant, inlined, foldable)                            \
  UNAWAIT_POLL_CASE(fn, variant, inlined, opaque)
#if UNAWAIT_BENCH_HAVE_REWRITTEN
#define UNAWAIT_POLL_CASES_REWRITTEN(fn) UNAWAIT_POLL_CASES(fn, rewritten)
#else
#define UNAWAIT_POLL_CASES_REWRITTEN(fn)
#endif
#define UNAWAIT_POLL_ALL(fn)                                                   \
  UNAWAIT_POLL_CASES(fn, hand_written)                                         \
  UNAWAIT_POLL_CASES_REWRITTEN(fn)                                             \
  UNAWAIT_POLL_CASES(fn, coroutine)

const Case kCases[] = {UNAWAIT_POLL_FUNCTIONS(UNAWAIT_POLL_ALL)};

std::string name_of(const Case &c) {
  return std::string(c.function) + "/" + c.driver + "/" + c.waker + "/" +
         c.variant;
}

// Every variant must do the same work: 17 polls.
void check_cases() {
  for (const Case &c : kCases) {
    int polls = c.run();
    if (polls != kPolls) {
      std::fprintf(stderr, "%s: %d polls, expected %d\n", name_of(c).c_str(),
                   polls, kPolls);
      std::exit(1);
    }
  }
}

// `--unawait_run=NAME --unawait_iterations=N`: run one case N times without
// the benchmark harness, so that `valgrind --tool=callgrind` can count its
// instructions (bench/compare.py --instructions).
int run_only(const std::string &name, long iterations) {
  for (const Case &c : kCases) {
    if (name_of(c) != name)
      continue;
    long polls = 0;
    for (long i = 0; i < iterations; ++i)
      polls += c.run();
    return polls == iterations * kPolls ? 0 : 1;
  }
  std::fprintf(stderr, "no benchmark named %s\n", name.c_str());
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  check_cases();
  if (argc == 3 && std::strncmp(argv[1], "--unawait_run=", 14) == 0 &&
      std::strncmp(argv[2], "--unawait_iterations=", 21) == 0)
    return run_only(argv[1] + 14, std::atol(argv[2] + 21));
  // Registered function by function, hand_written first; use
  // --benchmark_enable_random_interleaving=true to interleave repetitions.
  for (const Case &c : kCases)
    benchmark::RegisterBenchmark(name_of(c).c_str(), c.benchmark);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
