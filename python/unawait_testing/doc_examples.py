#!/usr/bin/env python3
"""Compile and run every C++ program in a markdown file.

Each fenced block opened with ```cpp is a complete program: it is compiled
with the given compiler and include directory, then run; any compiler error,
warning or non-zero exit fails the whole check. Blocks opened with
```cpp fragment are not programs and are skipped. A block is compiled as
C++17 unless it uses co_await/co_return (then C++20), so the docs also show
that the runtime needs C++20 only for coroutines.

    doc_examples.py --compiler g++ --include runtime/include docs/runtime.md
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

from walkthrough import blocks as fenced_blocks

COROUTINE = re.compile(r"\bco_(await|return|yield)\b")


def extract_programs(markdown_path):
    """Yields (line, code) for each ```cpp block that is not a fragment."""
    for start, language, info, body in fenced_blocks(markdown_path):
        if language == "cpp" and "fragment" not in info:
            yield start, body


def check(markdown_path, line, code, args, workdir):
    """Compiles and runs one program; returns an error message or None."""
    name = os.path.join(workdir, f"line{line}")
    std = "c++20" if COROUTINE.search(code) else "c++17"
    with open(name + ".cpp", "w", encoding="utf-8") as source:
        source.write(code)
    compile_command = [args.compiler, f"-std={std}", "-Wall", "-Wextra", "-Werror", "-I", args.include,
                       *args.flags, name + ".cpp", "-o", name, "-pthread"]
    where = f"{markdown_path}:{line}"
    compiled = subprocess.run(compile_command, capture_output=True, text=True)
    if compiled.returncode != 0:
        return f"{where}: does not compile ({' '.join(compile_command)}):\n{compiled.stderr}"
    try:
        ran = subprocess.run([name], capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return f"{where}: still running after {args.timeout} s"
    if ran.returncode != 0:
        return f"{where}: exited with {ran.returncode}:\n{ran.stdout}{ran.stderr}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--compiler", required=True)
    parser.add_argument("--include", required=True, help="the runtime's include directory")
    parser.add_argument("--flags", default="", help="extra compiler flags, separated by ';' or spaces")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds each program may run")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("markdown", nargs="+")
    args = parser.parse_args()
    args.flags = [flag for flag in re.split(r"[;\s]+", args.flags) if flag]

    failures, passed = [], 0
    with tempfile.TemporaryDirectory(prefix="doc_examples_") as workdir:
        for number, markdown_path in enumerate(args.markdown):
            programs = list(extract_programs(markdown_path))
            if not programs:
                failures.append(f"{markdown_path}: no ```cpp program found")
            subdir = os.path.join(workdir, str(number))
            os.makedirs(subdir)
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
                results = list(pool.map(lambda program: check(markdown_path, *program, args, subdir), programs))
            failures.extend(error for error in results if error)
            passed += results.count(None)
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"doc examples: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
