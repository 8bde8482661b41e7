#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks, builds unawait into build/,
# and runs it on the bundled example. Every package scripts/test.sh needs is
# installed here; scripts/preflight.sh checks for each of them.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
$sudo apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  ca-certificates cmake make ninja-build g++ \
  clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools clang-format-19 \
  libclang-rt-19-dev libc++-19-dev libc++abi-19-dev libgcc-12-dev \
  libgtest-dev libbenchmark-dev \
  python3 python3-venv python3-setuptools python3-wheel python3-pip
# Not used by the build or the tests: what the benchmark scripts need on a
# fresh machine (bench/runtime/regenerate.sh builds the Tokio side offline
# from Debian's crates; both regenerate.sh scripts draw plots; bench/poll
# counts instructions with valgrind's callgrind).
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  cargo librust-tokio-dev librust-tokio-macros-dev librust-futures-executor-dev \
  python3-matplotlib valgrind

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j2

echo "== unawait rewrite examples/rewrite/compute.cpp"
build/bin/unawait rewrite examples/rewrite/compute.cpp
echo "== unawait sizes examples/rewrite/compute.cpp"
build/bin/unawait sizes examples/rewrite/compute.cpp
