#!/bin/sh
# A stand-in for a generator whose output is not clang-format-clean: runs the
# unawait named by $UNAWAIT_REAL, then doubles the space after `class` in
# every generated class head of its output (-o FILE).
"$UNAWAIT_REAL" "$@" || exit $?
while [ $# -gt 1 ]; do
  [ "$1" = -o ] && out=$2
  shift
done
sed -i 's/^class \[\[nodiscard\]\]/class  [[nodiscard]]/' "$out"
