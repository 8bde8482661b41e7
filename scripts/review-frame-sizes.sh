#!/usr/bin/env bash
# Compares the frame sizes of a change with those of its base, for CI.
#
#   review-frame-sizes.sh [--unawait PATH] [--fail-on-growth=LIMIT] [--source-link=URL]
#                         [--out DIR] BASE_REF FILE... [-- COMPILER_ARGS...]
#
# (installed as bin/unawait-review-frame-sizes; --unawait defaults to the
# unawait beside it, else the one on PATH). Run from anywhere inside a git checkout of the change. It measures FILE...
# (paths relative to the repository's root) as they are in the working tree,
# then as they are at BASE_REF (a temporary `git worktree`), with the same
# compiler arguments, and writes DIR/base.json, DIR/head.json and
# DIR/review.md (the markdown diff, ready for a pull-request comment, its
# file:line linked to --source-link's URL if given; DIR defaults to
# frame-sizes/). A file absent at BASE_REF counts as new. The
# exit status is unawait's: 1 when a frame grew by more than LIMIT (or a
# file does not parse), 0 otherwise.
set -euo pipefail

# Installed as bin/unawait-review-frame-sizes, next to the tool: use that one.
unawait=unawait
here=$(dirname "$(readlink -f "$0")")
if [ -x "$here/unawait" ]; then unawait=$here/unawait; fi
growth=()
link=()
out=frame-sizes
while [ $# -gt 0 ]; do
  case "$1" in
    --unawait) unawait=$2; shift 2 ;;
    --fail-on-growth=*) growth=("$1"); shift ;;
    --source-link=*) link=("$1"); shift ;;
    --out) out=$2; shift 2 ;;
    -*) echo "review-frame-sizes.sh: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -lt 2 ]; then
  echo "usage: review-frame-sizes.sh [--unawait PATH] [--fail-on-growth=LIMIT] [--source-link=URL] [--out DIR] BASE_REF FILE... [-- ARGS...]" >&2
  exit 2
fi
base_ref=$1; shift
files=(); compiler_args=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do files+=("$1"); shift; done
if [ $# -gt 0 ]; then shift; compiler_args=("$@"); fi

unawait=$(command -v "$unawait")
mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$(git rev-parse --show-toplevel)
base_tree=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$base_tree" >/dev/null 2>&1 || true; rm -rf "$base_tree"' EXIT
git -C "$root" worktree add --detach --quiet "$base_tree" "$base_ref"

# measure TREE REPORT: the JSON report of the files present in TREE.
measure() {
  local present=()
  for file in "${files[@]}"; do
    if [ -e "$1/$file" ]; then present+=("$file"); fi
  done
  if [ ${#present[@]} -eq 0 ]; then
    echo '{"functions": []}' > "$2"
    return
  fi
  local args=()
  if [ ${#compiler_args[@]} -gt 0 ]; then args=(-- "${compiler_args[@]}"); fi
  (cd "$1" && "$unawait" sizes --quiet --format=json "${present[@]}" "${args[@]}") > "$2"
}
measure "$root" "$out/head.json"
measure "$base_tree" "$out/base.json"
"$unawait" sizes --diff "$out/base.json" "$out/head.json" --format=markdown "${growth[@]}" "${link[@]}" > "$out/review.md"
