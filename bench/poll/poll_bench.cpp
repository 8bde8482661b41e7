// The poll-cost benchmark: yield_loop16 (16 awaits of a yield-once future in
// a loop, 17 polls to completion) as
//   hand_written  a hand-written state machine (bench/poll/yield_loop_hand.cpp),
//   rewritten     bench/poll/yield_loop.cpp rewritten by unawait (C++17),
//   coroutine     bench/poll/yield_loop.cpp as a C++20 coroutine (Async<void>,
//                 heap frame),
// each driven by the same loop (poll with the no-op waker until ready), in two
// shapes: `called`, each poll a real call (like an executor polling a task),
// and `inlined`, poll() inlined into the loop. One iteration builds the
// future, polls it to completion and destroys it.
//
// bench/compare.py runs this binary and prints the ratios to hand_written.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench_export.hpp"

UNAWAIT_BENCH_DECLARE(hand_written, yield_loop16)
UNAWAIT_BENCH_DECLARE(coroutine, yield_loop16)
#if UNAWAIT_BENCH_HAVE_REWRITTEN
UNAWAIT_BENCH_DECLARE(rewritten, yield_loop16)
#endif

namespace {

constexpr int kPolls = 17; // 16 pending polls, then ready

template <int (*Run)()>
void BM_yield_loop16(benchmark::State &state) {
  for (auto _ : state) {
    int polls = Run();
    benchmark::DoNotOptimize(polls);
  }
  state.SetItemsProcessed(state.iterations() * kPolls); // items/s = polls/s
}

struct Case {
  const char *shape;   // called | inlined
  const char *variant; // hand_written | rewritten | coroutine
  int (*run)();
  void (*benchmark)(benchmark::State &);
};

#define UNAWAIT_BENCH_CASES(variant)                                           \
  {"called", #variant, &unawait_bench::variant::run_yield_loop16,              \
   &BM_yield_loop16<&unawait_bench::variant::run_yield_loop16>},               \
  {"inlined", #variant, &unawait_bench::variant::run_inlined_yield_loop16,     \
   &BM_yield_loop16<&unawait_bench::variant::run_inlined_yield_loop16>},

const Case kCases[] = {
    UNAWAIT_BENCH_CASES(hand_written)
#if UNAWAIT_BENCH_HAVE_REWRITTEN
    UNAWAIT_BENCH_CASES(rewritten)
#endif
    UNAWAIT_BENCH_CASES(coroutine)
};

std::string name_of(const Case &c) {
  return std::string("yield_loop16/") + c.shape + "/" + c.variant;
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
  // Registered in the order shape by shape, hand_written first; use
  // --benchmark_enable_random_interleaving=true to interleave repetitions.
  for (const Case &c : kCases)
    if (std::strcmp(c.shape, "called") == 0)
      benchmark::RegisterBenchmark(name_of(c).c_str(), c.benchmark);
  for (const Case &c : kCases)
    if (std::strcmp(c.shape, "inlined") == 0)
      benchmark::RegisterBenchmark(name_of(c).c_str(), c.benchmark);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
