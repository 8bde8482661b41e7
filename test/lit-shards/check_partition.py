#!/usr/bin/env python3
"""Checks that the ctest shards of the lit suite partition it: every test in
exactly one shard.

Usage: check_partition.py SHARDS LIT_COMMAND... TEST_DIR

Runs LIT_COMMAND --no-execute --num-shards SHARDS --run-shard K TEST_DIR for
each K, one after the other, and fails when a test is in two shards or in
none. lit shards the suite after ordering it; its default ("smart") order
reads .lit_test_times.txt, which every shard rewrites when it ends, so
shards started at different times split different orders: a test ran twice
(once while another shard deleted its files) and another never. Each
--no-execute run records times too, so that order changes between the runs
here as it does between real shards. The times file is put back at the end.
"""

import os
import re
import subprocess
import sys

LISTED = re.compile(r"^PASS: (.+) \(\d+ of \d+\)$", re.M)
DISCOVERED = re.compile(r"^Total Discovered Tests: (\d+)$", re.M)


def shard(command, shards, k, test_dir):
    result = subprocess.run([*command, "--no-execute", "--num-shards", str(shards),
                             "--run-shard", str(k), test_dir],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"shard {k}: lit failed ({result.returncode}):\n{result.stderr}")
    return LISTED.findall(result.stdout), int(DISCOVERED.search(result.stdout).group(1))


def times_files(test_dir):
    found = []
    for root, _, files in os.walk(test_dir):
        found += [os.path.join(root, f) for f in files if f == ".lit_test_times.txt"]
    return found


def main():
    shards, command, test_dir = int(sys.argv[1]), sys.argv[2:-1], sys.argv[-1]
    saved = {}
    for path in times_files(test_dir):
        with open(path) as f:
            saved[path] = f.read()
    try:
        seen = {}
        for k in range(1, shards + 1):
            tests, discovered = shard(command, shards, k, test_dir)
            for test in tests:
                seen.setdefault(test, []).append(k)
    finally:
        for path, text in saved.items():
            with open(path, "w") as f:
                f.write(text)
    twice = {t: ks for t, ks in seen.items() if len(ks) > 1}
    for test, ks in sorted(twice.items()):
        print(f"error: {test} is in shards {ks}")
    if twice or len(seen) != discovered:
        sys.exit(f"the {shards} shards hold {len(seen)} distinct tests of "
                 f"{discovered}, {len(twice)} of them in two shards or more")
    print(f"{shards} shards, {discovered} tests, each in one shard")


if __name__ == "__main__":
    main()
