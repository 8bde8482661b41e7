#!/usr/bin/env bash
# Runs every test:
#   1. build/ (the tool and everything): runtime unit tests, lit tests
#      (golden rewrites, differential execution under ASan+UBSan, command
#      line, size reports), examples, docs examples, the Python package;
#   2. build-tsan/: the runtime unit tests under ThreadSanitizer;
#   3. build-asan/: the runtime unit tests and examples under ASan+UBSan.
# Expects the packages scripts/bootstrap.sh installs: scripts/preflight.sh
# checks them first and names the one that is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}

scripts/preflight.sh

run_suite() { # name, build dir, cmake options...
  local name=$1 dir=$2
  shift 2
  echo "== $name"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
  cmake --build "$dir" -j"$jobs"
  ctest --test-dir "$dir" -j"$jobs" --output-on-failure
}

run_suite "everything" build
# The sleeping-at-exit default of TSan costs a second per test binary.
TSAN_OPTIONS="atexit_sleep_ms=0 ${TSAN_OPTIONS:-}" \
  run_suite "runtime under ThreadSanitizer" build-tsan \
  -DUNAWAIT_BUILD_TOOL=OFF -DUNAWAIT_BUILD_BENCHMARKS=OFF -DUNAWAIT_SANITIZER=thread
run_suite "runtime under AddressSanitizer + UBSan" build-asan \
  -DUNAWAIT_BUILD_TOOL=OFF -DUNAWAIT_BUILD_BENCHMARKS=OFF -DUNAWAIT_SANITIZER=address
echo "== all tests passed"
