#!/usr/bin/env python3
"""Draws docs/images/poll-cost.png from bench/compare.py's --json output.

One panel per driver x waker; in each, per function, one bar per compiler x
variant: ns per await (median over the runs), log scale; the instructions
per await, when the JSON has them, are printed above the bars.

    /usr/bin/python3 bench/poll/plot.py poll-cost.json -o docs/images/poll-cost.png
"""
import argparse
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

VARIANTS = ("hand_written", "rewritten", "coroutine")
FUNCTIONS = ("yield_loop16", "try_loop16", "raii_loop16", "nest16", "join16")
PANELS = (("called", "opaque"), ("called", "foldable"), ("inlined", "opaque"), ("inlined", "foldable"))
COLOURS = {"hand_written": "#4c72b0", "rewritten": "#55a868", "coroutine": "#c44e52"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("json")
    parser.add_argument("-o", "--output", default="poll-cost.png")
    args = parser.parse_args()
    data = json.load(open(args.json))
    summary = data["summary"]
    labels = list(summary)
    fig, axes = plt.subplots(2, 2, figsize=(14, 9), sharey=True)
    width = 0.8 / (len(labels) * len(VARIANTS))
    for ax, (driver, waker) in zip(axes.flat, PANELS):
        for li, label in enumerate(labels):
            for vi, v in enumerate(VARIANTS):
                xs, ys = [], []
                for fi, fn in enumerate(FUNCTIONS):
                    cell = summary[label].get("%s/%s/%s" % (fn, driver, waker), {}).get(v)
                    if not cell or "ns_per_await" not in cell:
                        continue
                    xs.append(fi - 0.4 + width * (li * len(VARIANTS) + vi + 0.5))
                    ys.append(cell["ns_per_await"])
                ax.bar(xs, ys, width, color=COLOURS[v], alpha=1.0 if li == 0 else 0.55,
                       edgecolor="black" if li else "none", hatch="//" if li else None,
                       label="%s %s" % (label, v))
        ax.set_yscale("log")
        ax.set_xticks(range(len(FUNCTIONS)))
        ax.set_xticklabels(FUNCTIONS)
        ax.set_title("%s driver, %s waker" % (driver, waker))
        ax.grid(axis="y", which="both", alpha=0.3)
    for ax in axes[:, 0]:
        ax.set_ylabel("ns per await (log)")
    axes[0, 0].legend(fontsize=8, ncol=2)
    fig.suptitle("Poll cost per await, %s (load %s at the start)" % (data["date"], data.get("load_before")))
    fig.tight_layout()
    fig.savefig(args.output, dpi=90)
    print("wrote", args.output)


if __name__ == "__main__":
    main()
