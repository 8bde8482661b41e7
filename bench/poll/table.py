#!/usr/bin/env python3
"""Prints the Poll cost tables of docs/performance.md (Markdown) from
bench/compare.py's --json output: one table per driver, a row per function x
compiler x waker, with ns per await (median over the runs) and callgrind
instructions per await of each variant, and rewritten / hand_written
(time: median and range over the runs; instructions).

    python3 bench/poll/table.py bench/poll/results/poll-cost.json
"""
import json
import statistics
import sys

VARIANTS = ("hand_written", "rewritten", "coroutine")
FUNCTIONS = ("yield_loop16", "try_loop16", "raii_loop16", "nest16", "join16")


def main():
    data = json.load(open(sys.argv[1]))
    summary = data["summary"]
    for driver in ("called", "inlined"):
        print("**%s driver**\n" % driver)
        print("| function | compiler | waker | ns/await hand | rewritten | coroutine | rewritten / hand (time) "
              "| instr/await hand | rewritten | coroutine | rewritten / hand (instr) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for fn in FUNCTIONS:
            for label in summary:
                for waker in ("opaque", "foldable"):
                    row = summary[label].get("%s/%s/%s" % (fn, driver, waker))
                    if not row:
                        continue
                    ns = ["%.3f" % row[v]["ns_per_await"] if v in row and "ns_per_await" in row[v] else "-"
                          for v in VARIANTS]
                    ins = ["%.1f" % row[v]["instructions_per_await"]
                           if v in row and "instructions_per_await" in row[v] else "-" for v in VARIANTS]
                    tr = row.get("rewritten", {}).get("time_ratios", [])
                    t = "%.2f (%.2f-%.2f)" % (statistics.median(tr), min(tr), max(tr)) if tr else "-"
                    if tr and statistics.median(tr) > 1.05:
                        t = "**%s**" % t
                    ir = row.get("rewritten", {}).get("instruction_ratio")
                    i = "%.2f" % ir if ir is not None else "-"
                    if ir is not None and ir > 1.05:
                        i = "**%s**" % i
                    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                        fn, label, waker, ns[0], ns[1], ns[2], t, ins[0], ins[1], ins[2], i))
        print()


if __name__ == "__main__":
    main()
