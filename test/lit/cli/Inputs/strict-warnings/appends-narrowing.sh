#!/bin/sh
# A stand-in for a generator that emits a warning: runs the unawait named by
# $UNAWAIT_REAL, then appends a narrowing conversion to its output (-o FILE).
"$UNAWAIT_REAL" "$@" || exit $?
while [ $# -gt 1 ]; do
  [ "$1" = -o ] && out=$2
  shift
done
printf 'inline int narrowed_by_generator(long v) { return v; }\n' >> "$out"
