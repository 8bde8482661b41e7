#!/usr/bin/env bash
# Tests scripts/preflight.sh: it passes on this machine (scripts/test.sh ran
# bootstrap first), and, given a tool that lacks one prerequisite, it fails
# with the one line that names the Debian package to install.
#
#   test/preflight/preflight_test.sh SOURCE_DIR
set -uo pipefail
src=${1:?usage: preflight_test.sh SOURCE_DIR}
preflight="$src/scripts/preflight.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# expect NAME STATUS PACKAGE [VAR=VALUE...]: runs the preflight with the
# given environment; it must exit with STATUS and, when failing, print
# exactly one line that names PACKAGE.
expect() {
  local name=$1 status=$2 package=$3
  shift 3
  local output actual
  output=$(env "$@" "$preflight" 2>&1)
  actual=$?
  if [ "$actual" -ne "$status" ]; then
    echo "FAIL $name: exit $actual, expected $status: $output"
    failures=$((failures + 1))
  elif [ "$status" -ne 0 ] &&
       { [ "$(printf '%s\n' "$output" | wc -l)" -ne 1 ] ||
         ! printf '%s\n' "$output" | grep -q "install the Debian package $package "; }; then
    echo "FAIL $name: expected one line naming $package, got: $output"
    failures=$((failures + 1))
  else
    echo "ok   $name: $output"
  fi
}

# clang++ without its sanitizer runtimes: a resource directory that lacks
# them, which is what a machine without libclang-rt-19-dev has.
mkdir -p "$work/resource/include"
cp -r /usr/lib/llvm-19/lib/clang/19/include/. "$work/resource/include/"
cat >"$work/clang-without-runtimes" <<SH
#!/bin/sh
exec /usr/lib/llvm-19/bin/clang++ -resource-dir="$work/resource" "\$@"
SH
# clang++ whose libc++ headers are gone (no libc++-19-dev).
cat >"$work/clang-without-libcxx" <<SH
#!/bin/sh
for arg; do [ "\$arg" = -stdlib=libc++ ] && exec /usr/lib/llvm-19/bin/clang++ -nostdinc++ "\$@"; done
exec /usr/lib/llvm-19/bin/clang++ "\$@"
SH
# g++ that cannot link ThreadSanitizer's runtime (no libtsan).
cat >"$work/gxx-without-tsan" <<SH
#!/bin/sh
for arg; do [ "\$arg" = -fsanitize=thread ] && exec g++ "\$@" -Wl,--no-such-linker-option; done
exec g++ "\$@"
SH
chmod +x "$work"/clang-* "$work"/gxx-*
mkdir -p "$work/empty"

expect "this machine" 0 ""
expect "clang without sanitizer runtimes" 1 libclang-rt-19-dev \
  UNAWAIT_CLANGXX="$work/clang-without-runtimes"
expect "clang without libc++" 1 libc++-19-dev \
  UNAWAIT_CLANGXX="$work/clang-without-libcxx"
expect "g++ without ThreadSanitizer" 1 libgcc-12-dev \
  UNAWAIT_GXX="$work/gxx-without-tsan"
expect "no FileCheck" 1 llvm-19-tools UNAWAIT_LLVM_BIN="$work/empty"
expect "no lit" 1 llvm-19-tools UNAWAIT_LIT="$work/empty/lit.py"
expect "no GoogleTest" 1 libgtest-dev UNAWAIT_INCLUDE="$work/empty"
expect "no g++" 1 g++ UNAWAIT_GXX=no-such-g++ PATH=/usr/bin:/bin

[ "$failures" -eq 0 ] || { echo "$failures preflight check(s) failed"; exit 1; }
echo "all preflight checks behave"
