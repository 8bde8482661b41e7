"""Reduces a failing fuzz program over its generated structure.

Greedy passes until nothing more goes: drop whole functions (and annotated
lambdas with the driver code around them), drop chunks of
statements of each block, put a compound statement's blocks in its place,
replace an expression by `1` or by one of its operands, drop the second run
and the cancellation runs. A candidate is kept when it is still a valid
program (its coroutine build compiles without warnings and, for a mismatch,
runs cleanly) and still fails the same way: the same tool crash, the same
first compile error of the rewrite, or a differing output of the same build.
The result is written as a test in the style of test/lit/rewrite: a RUN line
with %difftest, the program, and the coroutine build's output as OUT lines.

    fuzz.py --reduce SEED [--without FEATURE...] [--out FILE]
"""

import os
import re
import sys
import time

import fuzzgen
from unawait_testing.difftest import SANITIZERS, WARNINGS, execute, run, warnings_for

REWRITE_BUILDS = {
    "clang": lambda c: (c.clangxx, [c.opt]),
    "gcc": lambda c: (c.gxx, [c.opt]),
}


class Checker:
    def __init__(self, config, workdir):
        self.config = config
        self.dir = workdir
        os.makedirs(workdir, exist_ok=True)
        self.tries = 0

    def path(self, name):
        return os.path.join(self.dir, name)

    def compile(self, compiler, std, source, output, extra):
        return run([compiler, f"-std={std}", *warnings_for(compiler),
                    f"-I{self.config.runtime_include}", source, "-o", output,
                    "-pthread", *SANITIZERS, *extra], "build", timeout=300)

    def classify(self, program, want=None):
        """What happens to the program: ("invalid", why), ("ok", ""),
        ("rejected", message), ("crash", signature), ("miscompile:BUILD", first
        error), ("mismatch:BUILD", ""). With `want`, stops as soon as the
        answer cannot be `want`."""
        self.tries += 1
        cfg = self.config
        source = self.path("candidate.cpp")
        with open(source, "w") as f:
            f.write(fuzzgen.render_tu([program]))
        check = run([cfg.clangxx, "-std=c++20", "-fsyntax-only", *WARNINGS,
                     f"-I{cfg.runtime_include}", source], "syntax")
        if check.returncode != 0:
            return ("invalid", "does not compile")
        rewritten = self.path("candidate.rw.cpp")
        result = run([cfg.unawait, "rewrite", "--emit-size-asserts", source,
                      "-o", rewritten], "rewrite")
        if result.returncode == 1:
            return ("rejected", first_error(result.stderr))
        if result.returncode != 0:
            return ("crash", f"exit {result.returncode}")
        if want and want[0] == "crash":
            return ("ok", "")
        builds = ["clang", "gcc"]
        if want and ":" in want[0]:
            builds = [want[0].split(":")[1]]
        syntax = ["-fsyntax-only"] if want and want[0].startswith("miscompile") else []
        for b in builds:
            compiler, extra = REWRITE_BUILDS[b](cfg)
            result = self.compile(compiler, "c++17", rewritten, self.path("rw-" + b),
                                  extra + syntax)
            if result.returncode != 0:
                return ("miscompile:" + b, first_error(result.stderr))
        if want and want[0].startswith("miscompile"):
            return ("ok", "")
        result = self.compile(cfg.clangxx, "c++20", source, self.path("coro"), ["-O0"])
        if result.returncode != 0:
            return ("invalid", "coroutine build fails")
        status, ref, _ = execute(self.path("coro"))
        if status != 0:
            return ("invalid", f"coroutine run exits with {status}")
        self.reference = ref
        for b in builds:
            try:
                other_status, other, _ = execute(self.path("rw-" + b))
            except Exception:
                other_status, other = -1, ""
            if other_status != status or other != ref:
                return ("mismatch:" + b, "")
        return ("ok", "")


def first_error(stderr):
    for line in stderr.splitlines():
        m = re.match(r"^.*?:\d+:\d+: (?:fatal )?error: (.*)$", line)
        if m:
            return re.sub(r"\d+", "N", m.group(1))
    return ""


def same(a, b):
    if a[0] != b[0]:
        return False
    if a[0].startswith("miscompile") or a[0] == "rejected":
        return a[1] == b[1]
    return True


def blocks_of(program):
    """Every Block, outermost first, with its owner."""
    out = []

    def visit(block):
        out.append(block)
        for s in block.stmts:
            if not s.deleted:
                for b in s.blocks():
                    visit(b)

    for f in program.functions + lambdas_of(program):
        if not f.deleted:
            visit(f.body)
    return out


def lambdas_of(program):
    """The annotated lambdas of the driver code that is still there."""
    return [lam for g in program.groups if not g.deleted for lam in g.lambdas]


def exprs_of(program):
    out = []
    for block in blocks_of(program):
        for s in block.stmts:
            if s.deleted:
                continue
            for e in s.exprs:
                out.extend(e.walk())
    return out


def reduce(checker, program, target, deadline):
    """Mutates program in place while it keeps failing like `target`."""

    def still():
        if time.monotonic() > deadline:
            return False
        return same(checker.classify(program, target), target)

    progress = True
    while progress and time.monotonic() < deadline:
        progress = False
        # Runs of the entry and of the lambdas.
        for owner in [program] + lambdas_of(program):
            for attr in ("drop_runs", "second_run"):
                if getattr(owner, attr):
                    setattr(owner, attr, False)
                    if still():
                        progress = True
                    else:
                        setattr(owner, attr, True)
        # Driver code with lambdas, lambdas, functions.
        for f in program.groups + lambdas_of(program) + program.functions:
            if f.deleted or getattr(f, "name", "") == "f0":
                continue
            f.deleted = True
            if still():
                progress = True
            else:
                f.deleted = False
        # Chunks of statements, then single ones.
        for block in blocks_of(program):
            live = [s for s in block.stmts if not s.deleted and s.removable]
            size = max(1, len(live) // 2)
            while size >= 1:
                i = 0
                while i < len(live):
                    chunk = live[i:i + size]
                    for s in chunk:
                        s.deleted = True
                    if still():
                        progress = True
                        live = live[:i] + live[i + size:]
                    else:
                        for s in chunk:
                            s.deleted = False
                        i += size
                if size == 1:
                    break
                size //= 2
        # A compound statement replaced by its blocks' statements.
        for block in blocks_of(program):
            for index, s in enumerate(list(block.stmts)):
                if s.deleted or not s.blocks():
                    continue
                inner = [t for b in s.blocks() for t in b.stmts]
                saved = list(block.stmts)
                position = block.stmts.index(s)
                block.stmts[position:position + 1] = inner
                if still():
                    progress = True
                else:
                    block.stmts[:] = saved
        # Expressions: `1`, or one of their operands.
        for e in exprs_of(program):
            if not e.children and e.template in ("1", "0"):
                continue
            saved = (e.template, e.children)
            for replacement in [("1", [])] + [(c.template, c.children)
                                              for c in saved[1]]:
                e.template, e.children = replacement
                if still():
                    progress = True
                    break
                e.template, e.children = saved
    return program


def as_test(program, target, detail, reference, seed, without):
    text = fuzzgen.render_tu([program])
    head = [
        f"// Reduced by test/fuzz/reduce.py from fuzz seed {seed}"
        + (f" (--without {' --without '.join(sorted(without))})" if without else "")
        + ".",
        f"// Failure: {target[0]} {target[1]}".rstrip(),
    ]
    for line in detail.strip().splitlines()[:30]:
        head.append("//   " + line)
    head.append("// RUN: %difftest %s | FileCheck %s --check-prefix=OUT")
    out = [f"// OUT: {line}" if n == 0 else f"// OUT-NEXT: {line}"
           for n, line in enumerate(reference.splitlines())]
    # FileCheck: an empty line cannot be matched by OUT-NEXT with nothing.
    out = [l if not l.endswith(": ") else l + "{{^$}}" for l in out]
    return "\n".join(head) + "\n" + text + "\n".join(out) + "\n"


def main(config, seed, out):
    program = fuzzgen.generate(seed, config.without)
    checker = Checker(config, os.path.join(config.workdir, f"reduce-{seed}"))
    target = checker.classify(program)
    print(f"reduce: seed {seed}: {target[0]} {target[1]}", flush=True)
    if target[0] in ("ok", "invalid"):
        print("reduce: nothing to reduce", file=sys.stderr)
        return 1
    start = time.monotonic()
    before = len(fuzzgen.render_tu([program]).splitlines())
    reduce(checker, program, target, start + getattr(config, 'reduce_time', 1800))
    final = checker.classify(program)
    detail = ""
    reference = ""
    # The reference output, and what differs, for the comment and OUT lines.
    source = checker.path("candidate.cpp")
    cfg = config
    r = checker.compile(cfg.clangxx, "c++20", source, checker.path("coro"), ["-O0"])
    if r.returncode == 0:
        _, reference, _ = execute(checker.path("coro"))
    if final[0].startswith("mismatch"):
        import difflib
        b = final[0].split(":")[1]
        _, other, err = execute(checker.path("rw-" + b))
        detail = "".join(difflib.unified_diff(
            reference.splitlines(True), other.splitlines(True),
            "coroutines", f"rewritten ({b})", n=1)) + \
            "\n".join(l for l in err.splitlines() if "ERROR" in l)
    elif final[0] == "crash":
        r = run([cfg.unawait, "rewrite", source, "-o", os.devnull], "rewrite")
        detail = "\n".join(l for l in r.stderr.splitlines()
                           if re.match(r"^ #\d+ .*unawait", l))[:2000]
    text = as_test(program, final, detail, reference, seed, config.without)
    after = len(fuzzgen.render_tu([program]).splitlines())
    out = out or os.path.join(config.workdir, f"reduced-{seed}.cpp")
    with open(out, "w") as f:
        f.write(text)
    print(f"reduce: {before} -> {after} lines in {time.monotonic() - start:.0f} s, "
          f"{checker.tries} tries: {final[0]} {final[1]}; written to {out}")
    return 0
