#!/usr/bin/env python3
"""Smoke test of the poll benchmark (ctest bench_poll_smoke): not a timing.

Runs unawait_bench_poll once with a tiny --benchmark_min_time and checks only
that its JSON output is well-formed and complete: every function x driver x
waker has a hand_written and a coroutine case (and a rewritten one when the
binary has any), each with at least one iteration and a time. Then runs one
case through --unawait_run (the callgrind entry point of bench/compare.py).
The binary itself checks, before anything else, that every case takes 17
polls.

    bench/poll/check.py --binary build/bin/unawait_bench_poll
"""
import argparse
import json
import subprocess
import sys

FUNCTIONS = ("yield_loop16", "try_loop16", "raii_loop16", "nest16", "join16")
DRIVERS = ("called", "inlined")
WAKERS = ("foldable", "opaque")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()

    proc = subprocess.run([args.binary, "--benchmark_format=json", "--benchmark_min_time=0.00001"],
                          capture_output=True, text=True, timeout=100)
    if proc.returncode != 0:
        sys.exit("%s exited %d:\n%s" % (args.binary, proc.returncode, proc.stderr))
    data = json.loads(proc.stdout)
    seen = {}
    for b in data["benchmarks"]:
        parts = b["name"].split("/")
        if len(parts) != 4:
            sys.exit("malformed benchmark name %r" % b["name"])
        if not (b["iterations"] >= 1 and b["cpu_time"] > 0 and b["time_unit"] in ("ns", "us", "ms")):
            sys.exit("malformed result: %r" % b)
        seen[tuple(parts)] = b
    variants = ["hand_written", "coroutine"]
    if any(k[3] == "rewritten" for k in seen):
        variants.append("rewritten")
    missing = [(f, d, w, v) for f in FUNCTIONS for d in DRIVERS for w in WAKERS for v in variants
               if (f, d, w, v) not in seen]
    if missing:
        sys.exit("missing cases: %s" % ", ".join("/".join(m) for m in missing))
    one = "/".join(sorted(seen)[0])
    rc = subprocess.run([args.binary, "--unawait_run=" + one, "--unawait_iterations=3"], timeout=60).returncode
    if rc != 0:
        sys.exit("--unawait_run=%s exited %d" % (one, rc))
    print("ok: %d cases (%s), --unawait_run works" % (len(seen), ", ".join(variants)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
