#!/usr/bin/env python3
"""The runtime against Tokio (issue 10, "The runtime"; docs/performance.md).

Runs the C++ workload program (unawait_bench_runtime, one or more builds of it)
and the Rust one (tokio_bench_runtime) ALTERNATELY in one run: every round runs
each binary once, all workloads, the order of the binaries rotating from round
to round. Then prints, per workload and per C++ build, the medians over the
rounds of unawait ns/unit and Tokio ns/unit, the ratio of the medians
(unawait / Tokio: above 1 is slower), the spread of the per-round ratios,
the ratio of the median CPU times (getrusage, all threads; on a loaded machine
it is less disturbed than wall time for the single-thread workloads), and the
heap allocations per unit of each side. For `sleep` the cost is CPU time
per sleep (getrusage: every thread of the process), and the latest wake-up past
its deadline is compared too.

    bench/runtime/compare.py \\
        --cxx-binary g++=build-b/bin/unawait_bench_runtime \\
        --cxx-binary clang++-19=build-clang/bin/unawait_bench_runtime \\
        --rust-binary bench/runtime/tokio/target/release/tokio_bench_runtime \\
        [--cargo-build] [--rounds 5] [--tasks 1000000] [--sleeps 10000] [--only spawn,ping_pong] \\
        [--json out.json] [--markdown]

--cargo-build first runs `cargo build --release --offline` in bench/runtime/tokio
(Debian's crates; see its .cargo/config.toml). --json writes the raw rounds and
the summary for bench/runtime/plot.py. --markdown prints the table in the form
of docs/performance.md. This is a benchmark: it reports, it never fails on a
ratio; it exits non-zero only when a binary fails or prints malformed output.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOKIO_DIR = os.path.join(HERE, "tokio")
DEFAULT_RUST = os.path.join(TOKIO_DIR, "target", "release", "tokio_bench_runtime")

WORKLOADS = ["spawn", "spawn_all", "spawn_yield", "pool_spawn", "ping_pong", "sleep", "block_on"]
DESCRIPTION = {
    "spawn": "spawn-and-complete small tasks, Executor vs current-thread runtime (ns/task)",
    "spawn_all": "same, all tasks spawned before the first runs (ns/task)",
    "spawn_yield": "same, tasks that yield once (ns/task)",
    "pool_spawn": "spawn-and-complete, ThreadPool(2) vs multi-thread runtime, 2 workers (ns/task)",
    "ping_pong": "ping-pong over Notify (ns/round trip)",
    "sleep": "sleeps of 1-50 ms: CPU time (ns/sleep)",
    "block_on": "block_on of a ready future vs futures::executor::block_on (ns/call)",
}
REQUIRED_KEYS = {"side": str, "workload": str, "units": int, "ns_per_unit": (int, float),
                 "allocs_per_unit": (int, float)}


def parse_lines(text, source):
    """The JSON lines of one run, keyed by workload; raises ValueError when malformed."""
    results = {}
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        record = json.loads(line)
        for key, kind in REQUIRED_KEYS.items():
            if not isinstance(record.get(key), kind):
                raise ValueError("%s: %r lacks a well-formed %r" % (source, line, key))
        if record["workload"] not in WORKLOADS:
            raise ValueError("%s: unknown workload %r" % (source, record["workload"]))
        if record["workload"] == "sleep" and not isinstance(record.get("max_late_us"), (int, float)):
            raise ValueError("%s: sleep line lacks max_late_us" % source)
        results[record["workload"]] = record
    return results


def run_binary(path, args):
    cmd = [path] + args
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if proc.returncode != 0:
        sys.exit("compare.py: %s exited %d:\n%s" % (" ".join(cmd), proc.returncode, proc.stderr))
    try:
        return parse_lines(proc.stdout, path)
    except ValueError as err:
        sys.exit("compare.py: malformed output: %s" % err)


def machine_info():
    info = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "platform": platform.platform(), "nproc": os.cpu_count()}
    try:
        info["loadavg"] = open("/proc/loadavg").read().split()[:3]
    except OSError:
        pass
    try:
        lscpu = subprocess.run(["lscpu"], stdout=subprocess.PIPE, universal_newlines=True).stdout
        for line in lscpu.splitlines():
            if line.startswith("Model name:"):
                info["cpu"] = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return info


def tokio_version():
    """Tokio's version from the crate's Cargo.lock (what cargo built), or None."""
    try:
        lines = open(os.path.join(TOKIO_DIR, "Cargo.lock")).read().splitlines()
    except OSError:
        return None
    for i, line in enumerate(lines):
        if line.strip() == 'name = "tokio"' and i + 1 < len(lines):
            return lines[i + 1].split("=", 1)[1].strip().strip('"')
    return None


def label_and_path(spec):
    if "=" in spec:
        label, path = spec.split("=", 1)
    else:
        path = spec
        label = os.path.basename(os.path.dirname(os.path.dirname(os.path.abspath(path)))) or path
    return label, path


def median(values):
    return statistics.median(values) if values else float("nan")


def summarize(rounds, cxx_labels, workloads):
    """Per C++ build and workload: medians, ratio of medians, per-round ratio spread."""
    summary = []
    for label in cxx_labels:
        for workload in workloads:
            pairs = [(r[label][workload], r["tokio"][workload]) for r in rounds
                     if workload in r[label] and workload in r["tokio"]]
            if not pairs:
                continue
            u_ns = [u["ns_per_unit"] for u, _ in pairs]
            t_ns = [t["ns_per_unit"] for _, t in pairs]
            per_round = [u / t for u, t in zip(u_ns, t_ns) if t > 0]
            row = {
                "cxx": label, "workload": workload, "rounds": len(pairs),
                "units": pairs[0][0]["units"],
                "unawait_ns": median(u_ns), "tokio_ns": median(t_ns),
                "ratio": median(u_ns) / median(t_ns) if median(t_ns) > 0 else float("nan"),
                "ratio_min": min(per_round) if per_round else float("nan"),
                "ratio_max": max(per_round) if per_round else float("nan"),
                "unawait_cpu_ns": median([u.get("cpu_ns_per_unit", float("nan")) for u, _ in pairs]),
                "tokio_cpu_ns": median([t.get("cpu_ns_per_unit", float("nan")) for _, t in pairs]),
                "unawait_allocs": median([u["allocs_per_unit"] for u, _ in pairs]),
                "tokio_allocs": median([t["allocs_per_unit"] for _, t in pairs]),
            }
            row["cpu_ratio"] = (row["unawait_cpu_ns"] / row["tokio_cpu_ns"]
                                if row["tokio_cpu_ns"] > 0 else float("nan"))
            if workload == "sleep":
                u_late = [u["max_late_us"] for u, _ in pairs]
                t_late = [t["max_late_us"] for _, t in pairs]
                row["unawait_max_late_us"] = median(u_late)
                row["tokio_max_late_us"] = median(t_late)
                row["late_ratio"] = median(u_late) / median(t_late) if median(t_late) > 0 else float("nan")
                row["unawait_mean_late_us"] = median([u.get("mean_late_us", float("nan")) for u, _ in pairs])
                row["tokio_mean_late_us"] = median([t.get("mean_late_us", float("nan")) for _, t in pairs])
            summary.append(row)
    return summary


def print_text(summary):
    header = "%-12s %-12s %12s %12s %8s %13s %9s %9s %9s" % (
        "workload", "c++ build", "unawait ns", "tokio ns", "ratio", "per-round", "cpu ratio", "allocs u", "allocs t")
    print(header)
    print("-" * len(header))
    for row in summary:
        spread = "%.2f-%.2fx" % (row["ratio_min"], row["ratio_max"])
        print("%-12s %-12s %12.1f %12.1f %7.2fx %13s %8.2fx %9.3f %9.3f" % (
            row["workload"], row["cxx"], row["unawait_ns"], row["tokio_ns"], row["ratio"],
            spread, row["cpu_ratio"], row["unawait_allocs"], row["tokio_allocs"]))
        if row["workload"] == "sleep":
            print("%-12s %-12s %12.1f %12.1f %7.2fx   (latest wake-up past its deadline, us; mean %.1f vs %.1f)" % (
                "  late", row["cxx"], row["unawait_max_late_us"], row["tokio_max_late_us"], row["late_ratio"],
                row["unawait_mean_late_us"], row["tokio_mean_late_us"]))


def print_markdown(summary):
    print("| workload | C++ build | unawait | Tokio | unawait / Tokio (per-round range) "
          "| CPU-time ratio | allocations per unit, unawait / Tokio |")
    print("|---|---|---|---|---|---|---|")
    for row in summary:
        print("| %s | %s | %.1f ns | %.1f ns | %.2fx (%.2f-%.2f) | %.2fx | %.2f / %.2f |" % (
            row["workload"], row["cxx"], row["unawait_ns"], row["tokio_ns"], row["ratio"],
            row["ratio_min"], row["ratio_max"], row["cpu_ratio"], row["unawait_allocs"], row["tokio_allocs"]))
        if row["workload"] == "sleep":
            print("| sleep: latest wake-up past its deadline | %s | %.0f us | %.0f us | %.2fx | | |" % (
                row["cxx"], row["unawait_max_late_us"], row["tokio_max_late_us"], row["late_ratio"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cxx-binary", action="append", default=[], metavar="[LABEL=]PATH",
                        help="a build of unawait_bench_runtime (repeat for several compilers)")
    parser.add_argument("--rust-binary", default=DEFAULT_RUST, metavar="PATH")
    parser.add_argument("--cargo-build", action="store_true",
                        help="run `cargo build --release --offline` in bench/runtime/tokio first")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tasks", type=int, default=1000000, help="tasks / round trips / block_on calls")
    parser.add_argument("--sleeps", type=int, default=10000)
    parser.add_argument("--only", default="", help="comma-separated workloads (default: all)")
    parser.add_argument("--json", metavar="FILE", help="write rounds and summary as JSON (for plot.py)")
    parser.add_argument("--markdown", action="store_true", help="also print a markdown table")
    args = parser.parse_args()

    if not args.cxx_binary:
        parser.error("give at least one --cxx-binary")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    workloads = [w for w in args.only.split(",") if w] or WORKLOADS
    for w in workloads:
        if w not in WORKLOADS:
            parser.error("unknown workload %r (one of %s)" % (w, ", ".join(WORKLOADS)))

    if args.cargo_build:
        subprocess.run(["cargo", "build", "--release", "--offline"], cwd=TOKIO_DIR, check=True)

    binaries = [label_and_path(spec) for spec in args.cxx_binary]
    labels = [label for label, _ in binaries]
    if len(set(labels)) != len(labels) or "tokio" in labels:
        parser.error("C++ build labels must be distinct and not 'tokio': %s" % labels)
    sides = binaries + [("tokio", args.rust_binary)]
    for label, path in sides:
        if not os.access(path, os.X_OK):
            sys.exit("compare.py: %s binary %s not found (build it first; see docs/performance.md)" % (label, path))

    run_args = ["--tasks", str(args.tasks), "--sleeps", str(args.sleeps)]
    info = machine_info()
    rounds = []
    for r in range(args.rounds):
        order = sides[r % len(sides):] + sides[:r % len(sides)]
        print("round %d/%d: %s" % (r + 1, args.rounds, ", ".join(label for label, _ in order)),
              file=sys.stderr, flush=True)
        results = {}
        for label, path in order:
            # Each workload in a process of its own, on both sides: what one
            # workload frees (a million task blocks) would otherwise be the
            # allocator state of the next (glibc consolidating its fastbins
            # in a later free() stalled sleeps by 8-9 ms).
            results[label] = {}
            for workload in workloads:
                results[label].update(run_binary(path, run_args + ["--only", workload]))
        rounds.append(results)
    info["loadavg_after"] = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None

    summary = summarize(rounds, labels, workloads)
    print("unawait runtime against Tokio %s: medians of %d alternating rounds, %d tasks, %d sleeps (%s, load %s)" % (
        tokio_version(), args.rounds, args.tasks, args.sleeps, info["date"], " ".join(info.get("loadavg", []))))
    print_text(summary)
    if args.markdown:
        print()
        print_markdown(summary)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"machine": info, "tokio_version": tokio_version(), "args": vars(args), "binaries": dict(sides),
                       "rounds": rounds, "summary": summary}, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
