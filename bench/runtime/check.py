#!/usr/bin/env python3
"""ctest bench_runtime_smoke: runs a build of a runtime workload program
(unawait_bench_runtime, or tokio_bench_runtime by hand) ONCE at a tiny size
and checks only that it ran and printed one well-formed JSON line per
workload (every workload, finite non-negative numbers). No timing is checked.

    bench/runtime/check.py --binary build/bin/unawait_bench_runtime [--side unawait]
"""
import argparse
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import WORKLOADS, parse_lines  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--side", default="unawait")
    parser.add_argument("--tasks", type=int, default=200)
    parser.add_argument("--sleeps", type=int, default=20)
    args = parser.parse_args()
    cmd = [args.binary, "--tasks", str(args.tasks), "--sleeps", str(args.sleeps)]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0:
        sys.exit("check.py: %s exited %d:\n%s" % (" ".join(cmd), proc.returncode, proc.stderr))
    try:
        results = parse_lines(proc.stdout, args.binary)
    except ValueError as err:
        sys.exit("check.py: %s" % err)
    missing = [w for w in WORKLOADS if w not in results]
    if missing:
        sys.exit("check.py: no line for %s" % ", ".join(missing))
    for workload, record in results.items():
        if record["side"] != args.side:
            sys.exit("check.py: %s: side %r, expected %r" % (workload, record["side"], args.side))
        expected = args.sleeps if workload == "sleep" else args.tasks
        if record["units"] != expected:
            sys.exit("check.py: %s: %d units, expected %d" % (workload, record["units"], expected))
        for key, value in record.items():
            if isinstance(value, float) and (math.isnan(value) or math.isinf(value) or value < 0):
                sys.exit("check.py: %s: %s is %r" % (workload, key, value))
    print("check.py: %d workloads, well-formed" % len(results))


if __name__ == "__main__":
    main()
