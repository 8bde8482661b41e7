#!/usr/bin/env bash
# Regenerates the "Runtime against Tokio" measurement of docs/performance.md:
# builds unawait_bench_runtime with g++ and with clang++-19 (the runtime only,
# no clang tool), builds the Tokio side offline from Debian's crates, runs
# compare.py (the binaries alternately, ROUNDS rounds) and draws the plot.
#
#     bench/runtime/regenerate.sh                 # from the repository root
#     ROUNDS=3 TASKS=100000 bench/runtime/regenerate.sh
#
# Needs: cmake, g++, clang++-19 (/usr/lib/llvm-19/bin/clang++; skipped if
# absent), cargo/rustc, Debian's librust-tokio-dev and
# librust-futures-executor-dev, python3-matplotlib (for the plot).
# Writes bench/runtime/results/runtime-vs-tokio.{json,txt} and
# docs/images/runtime-vs-tokio.png (both under $RESULTS_DIR instead when it is set).
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-7}
TASKS=${TASKS:-1000000}
SLEEPS=${SLEEPS:-10000}
JOBS=${JOBS:-2}
# Where the results and the plot go (bench/regenerate-all.sh SMOKE=1 sets it).
RESULTS=${RESULTS_DIR:-bench/runtime/results}
IMAGES=${RESULTS_DIR:-docs/images}
CLANGXX=${CLANGXX:-/usr/lib/llvm-19/bin/clang++}
GCC_BUILD=${GCC_BUILD:-build-bench-gcc}
CLANG_BUILD=${CLANG_BUILD:-build-bench-clang}

cmake -S . -B "$GCC_BUILD" -DCMAKE_BUILD_TYPE=Release -DUNAWAIT_BUILD_TOOL=OFF \
  -DCMAKE_CXX_COMPILER=g++ >/dev/null
cmake --build "$GCC_BUILD" -j"$JOBS" --target unawait_bench_runtime
cxx=(--cxx-binary "g++=$GCC_BUILD/bin/unawait_bench_runtime")

if [ -x "$CLANGXX" ]; then
  cmake -S . -B "$CLANG_BUILD" -DCMAKE_BUILD_TYPE=Release -DUNAWAIT_BUILD_TOOL=OFF \
    -DCMAKE_CXX_COMPILER="$CLANGXX" >/dev/null
  cmake --build "$CLANG_BUILD" -j"$JOBS" --target unawait_bench_runtime
  cxx+=(--cxx-binary "clang++-19=$CLANG_BUILD/bin/unawait_bench_runtime")
else
  echo "regenerate.sh: $CLANGXX not found: measuring the g++ build only" >&2
fi

(cd bench/runtime/tokio && cargo build --release --offline)

mkdir -p "$RESULTS" "$IMAGES"
python3 bench/runtime/compare.py "${cxx[@]}" \
  --rust-binary bench/runtime/tokio/target/release/tokio_bench_runtime \
  --rounds "$ROUNDS" --tasks "$TASKS" --sleeps "$SLEEPS" \
  --json "$RESULTS/runtime-vs-tokio.json" --markdown | tee "$RESULTS/runtime-vs-tokio.txt"
/usr/bin/python3 bench/runtime/plot.py "$RESULTS/runtime-vs-tokio.json" -o "$IMAGES/runtime-vs-tokio.png"
