#!/usr/bin/python3
"""Draws docs/images/runtime-vs-tokio.png from bench/runtime/compare.py --json.

    /usr/bin/python3 bench/runtime/plot.py runtime-vs-tokio.json [-o docs/images/runtime-vs-tokio.png]

Left: unawait cost / Tokio cost per workload and C++ build (log scale; above 1
is slower), with issue 10's goal. Right: heap allocations per unit of work,
unawait (each build) and Tokio, with the goal. Needs matplotlib
(Debian: python3-matplotlib, hence /usr/bin/python3).
"""
import argparse
import json
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(REPO, "docs", "images", "runtime-vs-tokio.png")

# Issue 10's goals: cost ratio and allocations per unit (None: no goal stated).
GOAL_RATIO = {"spawn": 1.0, "spawn_all": 1.0, "spawn_yield": 1.0, "pool_spawn": 1.0, "ping_pong": 1.0, "sleep": 1.0,
              "sleep_late": 1.0, "block_on": 1.2}
GOAL_ALLOCS = {"spawn": 1, "spawn_all": 1, "spawn_yield": 1, "pool_spawn": 1, "ping_pong": 0, "sleep": 1, "block_on": 0}
LABELS = {"spawn": "spawn", "spawn_all": "spawn, all at once", "spawn_yield": "spawn, yield once", "pool_spawn": "ThreadPool(2) spawn",
          "ping_pong": "Notify ping-pong", "sleep": "sleep: CPU", "sleep_late": "sleep: latest wake-up",
          "block_on": "block_on(ready)"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("json_file")
    parser.add_argument("-o", "--output", default=DEFAULT_OUT)
    args = parser.parse_args()
    with open(args.json_file) as f:
        data = json.load(f)
    summary = data["summary"]
    builds = []
    for row in summary:
        if row["cxx"] not in builds:
            builds.append(row["cxx"])
    workloads = []
    for row in summary:
        if row["workload"] not in workloads:
            workloads.append(row["workload"])
    by_key = {(row["cxx"], row["workload"]): row for row in summary}

    ratio_rows = []
    for w in workloads:
        ratio_rows.append(w)
        if w == "sleep":
            ratio_rows.append("sleep_late")

    fig, (ax_ratio, ax_alloc) = plt.subplots(1, 2, figsize=(13, 5.5), gridspec_kw={"width_ratios": [3, 2]})
    height = 0.8 / max(1, len(builds))
    colors = ["tab:blue", "tab:orange", "tab:green", "tab:red"]
    for b, build in enumerate(builds):
        ys, vals, lo, hi = [], [], [], []
        for i, w in enumerate(ratio_rows):
            base = "sleep" if w == "sleep_late" else w
            row = by_key.get((build, base))
            if row is None:
                continue
            if w == "sleep_late":
                value, low, high = row["late_ratio"], row["late_ratio"], row["late_ratio"]
            else:
                value, low, high = row["ratio"], row["ratio_min"], row["ratio_max"]
            ys.append(i + (b - (len(builds) - 1) / 2) * height)
            vals.append(value)
            lo.append(max(0.0, value - low))
            hi.append(max(0.0, high - value))
        ax_ratio.barh(ys, vals, height=height, color=colors[b % len(colors)], label="unawait, " + build,
                      xerr=[lo, hi], capsize=2)
        for y, v, h in zip(ys, vals, hi):
            ax_ratio.text((v + h) * 1.08, y, "%.2fx" % v, va="center", fontsize=8)
    for i, w in enumerate(ratio_rows):
        goal = GOAL_RATIO.get(w)
        if goal is not None:
            ax_ratio.plot([goal, goal], [i - 0.45, i + 0.45], color="black", linestyle="--", linewidth=1)
    ax_ratio.axvline(1.0, color="grey", linewidth=0.8)
    ax_ratio.set_xscale("log")
    ax_ratio.set_yticks(range(len(ratio_rows)))
    ax_ratio.set_yticklabels([LABELS.get(w, w) for w in ratio_rows])
    ax_ratio.invert_yaxis()
    ax_ratio.set_xlabel("unawait / Tokio (log; median of rounds, bars: per-round range; dashed: goal)")
    ax_ratio.set_title("Cost against Tokio (above 1 is slower)")
    left, right = ax_ratio.get_xlim()
    ax_ratio.set_xlim(left, right * 2)  # room for the labels
    ax_ratio.legend(loc="upper right", fontsize=8)

    sides = [(b, "unawait, " + b) for b in builds] + [("tokio", "Tokio")]
    height = 0.8 / len(sides)
    for s, (side, label) in enumerate(sides):
        ys, vals = [], []
        for i, w in enumerate(workloads):
            row = by_key.get((builds[0] if side == "tokio" else side, w))
            if row is None:
                continue
            ys.append(i + (s - (len(sides) - 1) / 2) * height)
            vals.append(row["tokio_allocs"] if side == "tokio" else row["unawait_allocs"])
        color = "tab:gray" if side == "tokio" else colors[s % len(colors)]
        ax_alloc.barh(ys, vals, height=height, color=color, label=label)
        for y, v in zip(ys, vals):
            ax_alloc.text(v + 0.05, y, "%.2f" % v, va="center", fontsize=8)
    for i, w in enumerate(workloads):
        goal = GOAL_ALLOCS.get(w)
        if goal is not None:
            ax_alloc.plot([goal, goal], [i - 0.45, i + 0.45], color="black", linestyle="--", linewidth=1)
    ax_alloc.set_yticks(range(len(workloads)))
    ax_alloc.set_yticklabels(["sleep" if w == "sleep" else LABELS.get(w, w) for w in workloads])
    ax_alloc.invert_yaxis()
    ax_alloc.set_xlabel("heap allocations per unit (dashed: goal)")
    ax_alloc.set_title("Allocations per task / round trip / sleep / call")
    ax_alloc.set_xlim(0, ax_alloc.get_xlim()[1] * 1.15)
    ax_alloc.legend(loc="lower right", fontsize=8)

    machine = data.get("machine", {})
    fig.suptitle("unawait runtime against Tokio %s: %d alternating rounds, %s, %s CPUs, %s, load average %s" % (
        data.get("tokio_version", ""), data["args"]["rounds"], machine.get("cpu", "?"), machine.get("nproc", "?"),
        machine.get("date", ""), " ".join(machine.get("loadavg", ["?"]))), fontsize=10)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    fig.savefig(args.output, dpi=100)
    print("wrote %s" % args.output)


if __name__ == "__main__":
    main()
