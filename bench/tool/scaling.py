#!/usr/bin/env python3
"""How the tool's time grows with the file: N annotated functions in one
file, timed side by side with `clang++-19 -fsyntax-only` of the same file
(the parse alone), in one run.

    python3 bench/tool/scaling.py --unawait build/bin/unawait \
        --runtime-include runtime/include [--counts 10,100,400,2000]

Prints, for each N, the best of --repeat runs of `unawait rewrite`,
`unawait sizes` and the parse, their ratios to the parse, and the cost per
function beyond the parse. `--plain-lines L` adds a file with L lines of
unannotated code and two async functions (the cost should be the parse plus
a small constant). `--json FILE` writes the rows for bench/tool/plot.py."""
import argparse
import json
import os
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


def best(command, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[:2000]}")
    return min(times)


def measure(args, path, label, functions):
    flags = ["-std=c++20", "-I", args.runtime_include]
    parse = best([args.clangxx, "-fsyntax-only", *flags, path], args.repeat)
    rewrite = best([args.unawait, "rewrite", path, "-o", os.devnull, "--", *flags], args.repeat)
    sizes = best([args.unawait, "sizes", path, "--", *flags], args.repeat)
    per = (rewrite - parse) / max(functions, 1) * 1000
    print(f"{label:>24} {parse:8.2f} {rewrite:9.2f} {rewrite / parse:7.2f}x "
          f"{sizes:8.2f} {sizes / parse:7.2f}x {per:10.2f}", flush=True)
    return {"file": label, "functions": functions, "parse_s": parse,
            "rewrite_s": rewrite, "sizes_s": sizes}


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--unawait", required=True)
    parser.add_argument("--runtime-include", required=True)
    parser.add_argument("--clangxx", default="/usr/lib/llvm-19/bin/clang++")
    parser.add_argument("--counts", default="10,100,400,2000")
    parser.add_argument("--plain-lines", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", help="write the measured rows here")
    args = parser.parse_args()
    rows = []
    print(f"{'file':>24} {'parse s':>8} {'rewrite s':>9} {'ratio':>8} "
          f"{'sizes s':>8} {'ratio':>8} {'ms/function':>10}  (best of {args.repeat})")
    with tempfile.TemporaryDirectory() as work:
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
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"repeat": args.repeat, "load": os.getloadavg(), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
