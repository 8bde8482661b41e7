#!/usr/bin/python3
"""Draws docs/images/tool-scaling.png from bench/tool/scaling.py --json.

    /usr/bin/python3 bench/tool/plot.py tool-scaling.json [-o docs/images/tool-scaling.png]

Left: seconds of `unawait rewrite`, `unawait sizes` and `clang++-19
-fsyntax-only` (the parse) against the number of async functions in the file
(log-log), in CPU time when the run measured it. Right: each command's time
over the parse, with issue 10's goals
(rewrite 1.3x, sizes 1.2x). Needs matplotlib (Debian: python3-matplotlib,
hence /usr/bin/python3).
"""
import argparse
import json
import os

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(REPO, "docs", "images", "tool-scaling.png")
GOALS = {"rewrite_s": 1.3, "sizes_s": 1.2}
LABELS = {"parse_s": "clang++-19 -fsyntax-only", "rewrite_s": "unawait rewrite", "sizes_s": "unawait sizes"}
COLORS = {"parse_s": "tab:gray", "rewrite_s": "tab:blue", "sizes_s": "tab:orange"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("json_file", type=argparse.FileType("r"))
    parser.add_argument("-o", "--output", default=DEFAULT_OUT)
    args = parser.parse_args()
    data = json.load(args.json_file)
    # The file of plain lines has its own row; the plot is about N.
    rows = [r for r in data["rows"] if "plain_lines" not in r]
    counts = [r["functions"] for r in rows]
    # CPU time where the run measured it (scaling.py since issue 10's tool
    # work): a shared machine disturbs it less than wall time.
    cpu = all("parse_cpu_s" in r for r in rows)
    clock = "CPU seconds" if cpu else "seconds"

    def value(row, key):
        return row[key.replace("_s", "_cpu_s")] if cpu else row[key]

    fig, (ax_time, ax_ratio) = plt.subplots(1, 2, figsize=(12, 4.8))
    for key in ("parse_s", "rewrite_s", "sizes_s"):
        ax_time.plot(counts, [value(r, key) for r in rows], "o-", color=COLORS[key],
                     label=LABELS[key])
    ax_time.set_xscale("log")
    ax_time.set_yscale("log")
    # Plain seconds on the log axis, not powers of ten.
    ax_time.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    ax_time.yaxis.set_minor_formatter(matplotlib.ticker.ScalarFormatter())
    ax_time.set_xlabel("async functions in the file")
    ax_time.set_ylabel("%s (median of %d)" % (clock, data.get("rounds", data.get("repeat"))))
    ax_time.set_title("Tool time against the number of functions")
    ax_time.legend()
    for key, goal in GOALS.items():
        ax_ratio.plot(counts, [value(r, key) / value(r, "parse_s") for r in rows], "o-",
                      color=COLORS[key], label=LABELS[key] + " / parse")
        ax_ratio.axhline(goal, color=COLORS[key], linestyle="--", linewidth=1,
                         label="goal %.1fx" % goal)
    ax_ratio.set_xscale("log")
    ax_ratio.set_ylim(bottom=0)
    ax_ratio.set_xlabel("async functions in the file")
    ax_ratio.set_ylabel(("CPU time" if cpu else "time") + " / parse")
    ax_ratio.set_title("Over the parse (load %.1f)" % data["load"][0])
    ax_ratio.legend()
    fig.tight_layout()
    fig.savefig(args.output, dpi=100)
    print("wrote", args.output)


if __name__ == "__main__":
    main()
