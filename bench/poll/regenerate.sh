#!/usr/bin/env bash
# Regenerates the "Poll cost" measurement of docs/performance.md: builds
# unawait_bench_poll with g++ and with clang++-19 (the clang build with
# -gdwarf-4, which valgrind 3.19 needs), using an existing unawait tool for the
# rewritten variants, runs bench/compare.py on both builds alternately with
# callgrind instruction counts, and draws the plot.
#
#     UNAWAIT_EXECUTABLE=build/bin/unawait bench/poll/regenerate.sh   # from the repository root
#     RUNS=3 REPETITIONS=5 MIN_TIME=0.05 UNAWAIT_EXECUTABLE=... bench/poll/regenerate.sh
#
# Needs: cmake, g++, clang++-19 (/usr/lib/llvm-19/bin/clang++), Google
# Benchmark (libbenchmark-dev), valgrind, python3-matplotlib (for the plot).
# Writes bench/poll/results/poll-cost.{json,txt} and docs/images/poll-cost.png
# (both under $RESULTS_DIR instead when it is set).
set -euo pipefail
cd "$(dirname "$0")/../.."

: "${UNAWAIT_EXECUTABLE:?set UNAWAIT_EXECUTABLE to a built unawait tool (build/bin/unawait)}"
RUNS=${RUNS:-5}
REPETITIONS=${REPETITIONS:-5}
MIN_TIME=${MIN_TIME:-0.05}
# Iterations per callgrind run (compare.py counts N and 2N; SMOKE=1 sets it small).
ITERATIONS=${ITERATIONS:-2000}
JOBS=${JOBS:-2}
# Where the results and the plot go (bench/regenerate-all.sh SMOKE=1 sets it).
RESULTS=${RESULTS_DIR:-bench/poll/results}
IMAGES=${RESULTS_DIR:-docs/images}
CLANGXX=${CLANGXX:-/usr/lib/llvm-19/bin/clang++}
GCC_BUILD=${GCC_BUILD:-build-poll-gcc}
CLANG_BUILD=${CLANG_BUILD:-build-poll-clang}
common=(-DCMAKE_BUILD_TYPE=Release -DUNAWAIT_BUILD_TOOL=OFF "-DUNAWAIT_EXECUTABLE=$UNAWAIT_EXECUTABLE")

cmake -S . -B "$GCC_BUILD" "${common[@]}" -DCMAKE_CXX_COMPILER=g++ >/dev/null
cmake --build "$GCC_BUILD" -j"$JOBS" --target unawait_bench_poll
cmake -S . -B "$CLANG_BUILD" "${common[@]}" -DCMAKE_CXX_COMPILER="$CLANGXX" -DCMAKE_CXX_FLAGS=-gdwarf-4 >/dev/null
cmake --build "$CLANG_BUILD" -j"$JOBS" --target unawait_bench_poll

mkdir -p "$RESULTS" "$IMAGES"
python3 bench/compare.py \
  --binary "g++=$GCC_BUILD/bin/unawait_bench_poll" \
  --binary "clang++-19=$CLANG_BUILD/bin/unawait_bench_poll" \
  --runs "$RUNS" --repetitions "$REPETITIONS" --min-time "$MIN_TIME" \
  --instructions --iterations "$ITERATIONS" --jobs "$JOBS" \
  --json "$RESULTS/poll-cost.json" | tee "$RESULTS/poll-cost.txt"
/usr/bin/python3 bench/poll/plot.py "$RESULTS/poll-cost.json" -o "$IMAGES/poll-cost.png"
