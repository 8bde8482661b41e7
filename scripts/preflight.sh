#!/usr/bin/env bash
# Checks that this machine has what scripts/test.sh relies on, before any
# test runs. For the first thing missing it prints one line naming the
# Debian package that provides it and exits 1; otherwise it prints one line
# and exits 0. scripts/bootstrap.sh installs every package named here.
#
# The tools it checks can be replaced through the environment (that is how
# test/preflight/preflight_test.sh makes it fail on purpose):
#   UNAWAIT_CLANGXX   clang++ of LLVM 19      (/usr/lib/llvm-19/bin/clang++)
#   UNAWAIT_GXX       g++                      (g++)
#   UNAWAIT_LLVM_BIN  FileCheck, clang-format  (/usr/lib/llvm-19/bin)
#   UNAWAIT_LIT       lit.py                   (/usr/lib/llvm-19/build/utils/lit/lit.py)
#   UNAWAIT_INCLUDE   where headers are looked up (/usr/include)
set -uo pipefail

clangxx=${UNAWAIT_CLANGXX:-/usr/lib/llvm-19/bin/clang++}
gxx=${UNAWAIT_GXX:-g++}
llvm_bin=${UNAWAIT_LLVM_BIN:-/usr/lib/llvm-19/bin}
lit=${UNAWAIT_LIT:-/usr/lib/llvm-19/build/utils/lit/lit.py}
include=${UNAWAIT_INCLUDE:-/usr/include}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

missing() { # what, package
  echo "preflight: not found: $1; install the Debian package $2 (scripts/bootstrap.sh installs it)" >&2
  exit 1
}

need_command() { # command, package
  command -v "$1" >/dev/null 2>&1 || missing "$1" "$2"
}

# A program that uses the sanitized runtime pieces (threads, allocation,
# exceptions), compiled and linked: a missing runtime library only shows at
# link time.
cat >"$work/probe.cpp" <<'EOF'
#include <memory>
#include <stdexcept>
#include <thread>
int main() {
  auto value = std::make_unique<int>(1);
  std::thread worker([&] { ++*value; });
  worker.join();
  try {
    throw std::runtime_error("probe");
  } catch (const std::exception &) {
  }
  return *value == 2 ? 0 : 1;
}
EOF

links() { # compiler, flags...
  local compiler=$1
  shift
  "$compiler" -std=c++17 "$@" "$work/probe.cpp" -o "$work/probe" -pthread \
    >"$work/log" 2>&1 && "$work/probe" >>"$work/log" 2>&1
}

need_command cmake cmake
need_command ninja ninja-build  # test/cmake: the depfile test with Ninja
need_command python3 python3
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing "Python's venv and ensurepip" python3-venv
need_command "$gxx" g++
[ -x "$clangxx" ] || missing "$clangxx" clang-19

links "$gxx" || missing "a working g++ ($gxx)" g++
links "$clangxx" || missing "a working clang++ ($clangxx)" clang-19
links "$gxx" -fsanitize=address,undefined ||
  missing "g++'s AddressSanitizer and UBSan runtimes (libasan, libubsan)" libgcc-12-dev
links "$gxx" -fsanitize=thread ||
  missing "g++'s ThreadSanitizer runtime (libtsan)" libgcc-12-dev
links "$clangxx" -fsanitize=address,undefined ||
  missing "clang's AddressSanitizer and UBSan runtimes (libclang_rt.asan, libclang_rt.ubsan)" libclang-rt-19-dev
links "$clangxx" -fsanitize=thread ||
  missing "clang's ThreadSanitizer runtime (libclang_rt.tsan)" libclang-rt-19-dev
if ! links "$clangxx" -stdlib=libc++; then
  if grep -q 'c++abi' "$work/log"; then
    missing "libc++abi for clang 19" libc++abi-19-dev
  fi
  missing "libc++ for clang 19" libc++-19-dev
fi

[ -x "$llvm_bin/FileCheck" ] || missing "FileCheck ($llvm_bin/FileCheck)" llvm-19-tools
[ -r "$lit" ] || missing "lit ($lit)" llvm-19-tools
[ -x "$llvm_bin/clang-format" ] || missing "clang-format 19 ($llvm_bin/clang-format)" clang-format-19
[ -r /usr/lib/llvm-19/lib/cmake/clang/ClangConfig.cmake ] ||
  missing "clang's CMake package (ClangConfig.cmake)" libclang-19-dev
[ -r "$include/gtest/gtest.h" ] || missing "GoogleTest ($include/gtest/gtest.h)" libgtest-dev
[ -r "$include/benchmark/benchmark.h" ] ||
  missing "Google Benchmark ($include/benchmark/benchmark.h)" libbenchmark-dev

echo "preflight: every prerequisite of scripts/test.sh is here"
