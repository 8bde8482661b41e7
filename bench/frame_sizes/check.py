#!/usr/bin/env python3
"""Frame bytes: rewritten futures against clang-19 -O2 coroutine frames.

Runs the frame-size programs of bench/frame_sizes (each prints
`frame <name> <bytes> <allocations>` per benchmark source), prints a table
side by side, and exits 1 when
  * a rewritten future's sizeof exceeds the heap frame clang allocates for the
    same function as a coroutine (for every checked source), or
  * the --clang program was not built by clang 19, or
  * a coroutine call did not make exactly one allocation (the hook saw no
    frame, so there is nothing to compare), or
  * the seed's buffer gap is missing: holds_buffer must be at least 4096
    bytes larger than drops_before_await, and drops_before_await a few bytes
    (at most 64).
This compares sizes, not times: it is a test, not a benchmark.

    check.py --rewritten bin/unawait_frame_sizes_rewritten \\
             --clang bin/unawait_frame_sizes_clang \\
             [--reference bin/unawait_frame_sizes_coroutine] [--markdown]
"""
import argparse
import subprocess
import sys

# Sources shown but not checked, with the reason (docs/benchmarks.md).
NOT_CHECKED = {
    "holds_buffer_zeroed": "seed taken literally: clang folds the zeroed array away",
}
REQUIRED = ("small", "holds_buffer", "drops_before_await", "compute", "yield_loop16")
BUFFER = 4096
FEW_BYTES = 64


def run(program):
    out = subprocess.run([program], check=True, capture_output=True, text=True).stdout
    frames, info = {}, {}
    for line in out.splitlines():
        words = line.split()
        if words and words[0] == "frame":
            frames[words[1]] = (int(words[2]), int(words[3]))
        elif words:
            info[words[0]] = " ".join(words[1:])
    return frames, info


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewritten", required=True, help="program printing sizeof of rewritten futures")
    parser.add_argument("--clang", required=True, help="coroutine program built by clang-19 -O2")
    parser.add_argument("--reference", help="coroutine program built by another compiler (shown only)")
    parser.add_argument("--markdown", action="store_true", help="print the table as markdown")
    args = parser.parse_args()

    rewritten, _ = run(args.rewritten)
    clang, clang_info = run(args.clang)
    reference, reference_info = run(args.reference) if args.reference else ({}, {})

    failures = []
    if not clang_info.get("compiler", "").startswith("clang 19."):
        failures.append("--clang program was built by %r, not clang 19" % clang_info.get("compiler"))
    ref_name = reference_info.get("compiler", "reference")
    head = ["function", "rewritten sizeof", "%s frame" % clang_info.get("compiler", "clang")]
    if reference:
        head.append("%s frame" % ref_name)
    head.append("checked")
    rows = []
    for name in REQUIRED:
        if name not in rewritten:
            failures.append("%s: missing from the rewritten program's output" % name)
    for name, (size, _) in rewritten.items():
        if name not in clang:
            failures.append("%s: missing from the clang program's output" % name)
            continue
        frame, allocations = clang[name]
        if allocations != 1:
            failures.append("%s: the coroutine call made %d allocations, expected 1 (its frame)"
                            % (name, allocations))
        checked = name not in NOT_CHECKED
        verdict = "yes" if checked else "no: " + NOT_CHECKED[name]
        if checked and size > frame:
            failures.append("%s: rewritten sizeof %d exceeds clang's frame of %d bytes" % (name, size, frame))
            verdict = "FAIL"
        row = [name, str(size), str(frame)]
        if reference:
            row.append(str(reference.get(name, ("?", 0))[0]))
        row.append(verdict)
        rows.append(row)

    held = rewritten.get("holds_buffer", (0, 0))[0]
    dropped = rewritten.get("drops_before_await", (0, 0))[0]
    if held - dropped < BUFFER or dropped > FEW_BYTES:
        failures.append("buffer gap missing: holds_buffer %d bytes, drops_before_await %d bytes "
                        "(want a gap of at least %d bytes, and drops_before_await at most %d bytes)"
                        % (held, dropped, BUFFER, FEW_BYTES))

    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
        for row in [head] + rows:
            print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    for key in ("promise<void>", "promise<int>"):
        if key in clang_info:
            print("sizeof unawait::detail::Async%s (inside every clang frame): %s bytes"
                  % (key[0].upper() + key[1:], clang_info[key]))
    print("buffer gap (rewritten): holds_buffer - drops_before_await = %d bytes" % (held - dropped))

    for failure in failures:
        print("FAIL: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
