#!/bin/sh
# The Python test tooling installs offline (no PyPI): a fresh virtual
# environment, pip with --no-build-isolation --no-deps --no-index, and the
# installed entry points run.
set -eu
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debian's own Python: its setuptools and wheel come from apt.
python=/usr/bin/python3
[ -x "$python" ] || python=python3
"$python" -m venv --system-site-packages "$work/venv"
# Build from a copy: setuptools writes build/ and *.egg-info beside the sources.
mkdir "$work/src"
cp -r "$source_dir/pyproject.toml" "$source_dir/python" "$work/src/"
"$work/venv/bin/python" -m pip install --quiet --no-build-isolation --no-deps \
  --no-index "$work/src"
"$work/venv/bin/unawait-difftest" --help | grep -q "Differential execution"
"$work/venv/bin/unawait-update-checks" --help | grep -q "golden CHECK lines"
echo "installed and ran the entry points offline"
