#!/usr/bin/env python3
"""How the tool's time grows with the file: N annotated functions in one
file, timed side by side with `clang++-19 -fsyntax-only` of the same file
(the parse alone), in one run.

    python3 bench/tool/scaling.py --unawait build/bin/unawait \
        --runtime-include runtime/include [--counts 10,100,400,2000] \
        [--rounds 3] [--baseline OTHER/bin/unawait] [--keep DIR]

Runs, for each N, `clang++-19 -fsyntax-only` (the parse), `unawait
rewrite` and `unawait sizes` (and the --baseline binary's two, in the same
rounds) one after the other, --rounds times, and prints each one's median
time, the median of its per-round ratios to the parse, and the cost per
function of the rewrite and of sizes beyond the parse, in CPU time (user
plus system, which a shared machine's load disturbs less than wall time;
the wall-time ratios are printed too). `--keep DIR` leaves the generated
files there (to diff two binaries' rewrites). `--plain-lines L` adds a file with L lines of
unannotated code and two async functions (the cost should be the parse plus
a small constant). `--json FILE` writes the rows for bench/tool/plot.py."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

PRELUDE = """#include <unawait/unawait.hpp>
struct Yield {
  using output_type = int;
  int value;
  bool yielded = false;
  unawait::Poll<int> poll(unawait::Context &cx) {
    if (yielded) return unawait::ready(value);
    yielded = true;
    cx.waker().wake_by_ref();
    return unawait::pending;
  }
};
struct Guard { ~Guard() {} int value = 1; };
"""


def async_function(i):
    callee = f"f{i - 1}(n + 1)" if i > 0 else "Yield{n}"
    return f"""
UNAWAIT_ASYNC unawait::Async<int> f{i}(int n) {{
  Guard g;
  int buf[4] = {{n, n, n, n}};
  int a = co_await {callee};
  if (a > {i}) {{
    int b = co_await Yield{{a}};
    a += b;
  }}
  for (int k = 0; k < 2; ++k)
    a += co_await Yield{{k}} + buf[k] + g.value;
  co_return a;
}}
"""


def plain_function(i):
    return f"""
int plain{i}(int n) {{
  int total = 0;
  for (int k = 0; k < n; ++k)
    total += k * {i};
  return total;
}}
"""


def write(path, functions, plain_lines=0):
    with open(path, "w") as f:
        f.write(PRELUDE)
        lines = 0
        i = 0
        while lines < plain_lines:
            text = plain_function(i)
            f.write(text)
            lines += text.count("\n")
            i += 1
        for i in range(functions):
            f.write(async_function(i))


def timed(command):
    """(wall seconds, CPU seconds) of one run: CPU time is user plus system
    time of the child (os.wait4), which other processes on a shared machine
    disturb far less than wall time."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            sys.exit(f"failed ({child.returncode}): {' '.join(command)}\n"
                     f"{err.read()[:2000].decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime


def commands(args, path):
    """The commands timed on one file, by column name: the parse first."""
    flags = ["-std=c++20", "-I", args.runtime_include]
    timed_commands = {"parse": [args.clangxx, "-fsyntax-only", *flags, path]}
    binaries = [("", args.unawait)] + ([("base ", args.baseline)] if args.baseline else [])
    for prefix, binary in binaries:
        timed_commands[prefix + "rewrite"] = [binary, "rewrite", path, "-o", os.devnull, "--", *flags]
        timed_commands[prefix + "sizes"] = [binary, "sizes", path, "--", *flags]
    return timed_commands


def measure(args, path, label, functions):
    """Every command once per round, alternating, for --rounds rounds: the
    median time of each and the median of its per-round ratios to the
    parse (the machine's load moves all of a round's runs alike), in CPU
    time and in wall time. Prints CPU seconds, CPU ratios and wall ratios."""
    timed_commands = commands(args, path)
    walls = {name: [] for name in timed_commands}
    cpus = {name: [] for name in timed_commands}
    for _ in range(args.rounds):
        for name, command in timed_commands.items():
            wall, cpu = timed(command)
            walls[name].append(wall)
            cpus[name].append(cpu)
    row = {"file": label, "functions": functions}
    cells = []
    for name in timed_commands:
        key = name.replace(" ", "_")
        row[key + "_s"] = statistics.median(walls[name])
        row[key + "_cpu_s"] = statistics.median(cpus[name])
        cells.append(f"{row[key + '_cpu_s']:8.2f}")
        if name != "parse":
            for suffix, samples in (("_ratio", walls), ("_cpu_ratio", cpus)):
                row[key + suffix] = statistics.median(
                    t / p for t, p in zip(samples[name], samples["parse"]))
            cells.append(f"{row[key + '_cpu_ratio']:7.2f}x {row[key + '_ratio']:5.2f}x")
    for name in ("rewrite", "sizes"):
        row[name + "_ms_per_function"] = (
            (row[name + "_cpu_s"] - row["parse_cpu_s"]) / max(functions, 1) * 1000)
    print(f"{label:>24} {' '.join(cells)} {row['rewrite_ms_per_function']:8.2f}"
          f" {row['sizes_ms_per_function']:8.2f}", flush=True)
    return row


def print_slopes(rows):
    """The cost of one more function, in CPU ms: the slope of each command's
    CPU time between the two largest N. Unlike the cost beyond the parse,
    it leaves out what the tool and the parse each pay once (the tool parses
    the system headers' function bodies not at all)."""
    sized = sorted((r for r in rows if "plain_lines" not in r), key=lambda r: r["functions"])
    if len(sized) < 2:
        return
    low, high = sized[-2], sized[-1]
    span = high["functions"] - low["functions"]
    names = [k[:-len("_cpu_s")] for k in high if k.endswith("_cpu_s")]
    cells = ", ".join(f"{n.replace('_', ' ')} {(high[n + '_cpu_s'] - low[n + '_cpu_s']) / span * 1000:.2f}"
                      for n in names)
    print(f"CPU ms per function from {low['functions']} to {high['functions']} functions: {cells}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--unawait", required=True)
    parser.add_argument("--baseline", help="another unawait binary, timed in the same rounds")
    parser.add_argument("--runtime-include", required=True)
    parser.add_argument("--clangxx", default="/usr/lib/llvm-19/bin/clang++")
    parser.add_argument("--counts", default="10,100,400,2000")
    parser.add_argument("--plain-lines", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keep", help="write the generated files into this directory")
    parser.add_argument("--json", help="write the measured rows here")
    args = parser.parse_args()
    rows = []
    names = list(commands(args, "-"))
    header = " ".join(f"{n + ' s':>8}" + ("" if n == "parse" else f" {'cpu':>7} {'wall':>5}")
                      for n in names)
    print(f"{'file':>24} {header} {'rw ms/f':>8} {'sz ms/f':>8}  (CPU seconds, CPU and wall "
          f"ratios to the parse, CPU ms per function beyond the parse; median of "
          f"{args.rounds} alternating rounds)")
    with tempfile.TemporaryDirectory() as temporary:
        work = args.keep or temporary
        os.makedirs(work, exist_ok=True)
        for n in [int(c) for c in args.counts.split(",") if c]:
            path = os.path.join(work, f"n{n}.cpp")
            write(path, n)
            rows.append(measure(args, path, f"{n} async functions", n))
        if args.plain_lines:
            path = os.path.join(work, "plain.cpp")
            write(path, 2, args.plain_lines)
            row = measure(args, path, f"{args.plain_lines} plain lines + 2", 2)
            row["plain_lines"] = args.plain_lines
            rows.append(row)
    print_slopes(rows)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": args.rounds, "load": os.getloadavg(), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
