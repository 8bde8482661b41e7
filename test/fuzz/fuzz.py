#!/usr/bin/env python3
"""unawait's differential fuzzer: random async programs (fuzzgen.py), each
run as C++20 coroutines and rewritten by `unawait rewrite`, under ASan+UBSan
with clang++ and g++; outputs and exit statuses must be identical.

    fuzz.py --ci                                  # the fixed CI budget (lit test)
    fuzz.py --long --count 3000 --jobs 2 --seed-start 100000
    fuzz.py --emit SEED                           # print one program
    fuzz.py --reduce SEED [--out FILE]            # reduce a failing seed

Programs are batched: several go into one translation unit (each in its own
namespace, main runs them one after another after a `=== SEED` line), so that
one compile covers many. When the tool rejects a batch, the error's line
names the program; it is counted as rejected and the batch runs again without
it. A rewrite that does not compile is attributed the same way (through the
`// fuzz program SEED` comment the rewrite keeps); a crash of the tool splits
the batch into single programs.

Outcomes: ok, mismatch (an output or exit status differs from the coroutine
build's), rejected (the tool exits 1 with an error), crash (the tool exits
otherwise, or its rewrite does not compile), invalid (the coroutine build
itself does not compile or fails under the sanitizers: a generator bug).
The last line printed is `N programs, M mismatches, K rejected, C crashes`.
The exit status is 1 when there is any mismatch, crash or invalid program.
"""

import argparse
import collections
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))

import fuzzgen  # noqa: E402
from unawait_testing.difftest import (SANITIZERS, Failure,  # noqa: E402
                                      warnings_for, execute, run)

# The CI budget: fixed seeds, and the features the tool is known to get
# wrong today (each one a finding; drop it from here when it is fixed).
CI_SEED_START = 1
CI_COUNT = 160
CI_BATCH = 20
# Empty: variadic-pack's two findings (pack-member-class-args,
# lambda-copy-forwarded) are fixed in 79229c9 (docs/fuzzing.md).
KNOWN_ISSUES: set = set()

ERROR_RE = re.compile(r"^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$")
LINE_RE = re.compile(r"^(.*?):(\d+):(\d+): ")


class Config:
    def __init__(self, args):
        self.unawait = args.unawait
        self.runtime_include = args.runtime_include
        self.clangxx = args.clangxx
        self.gxx = args.gxx
        self.workdir = args.workdir
        self.without = set(args.without)
        self.gcc_coroutines = args.gcc_coroutines
        self.keep = args.keep
        self.verbose = args.verbose
        self.opt = "-O1" if args.optimize else "-O0"
        self.rewrite_timeout = args.rewrite_timeout
        self.reduce_time = args.reduce_time


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.outcomes = {}             # seed -> (kind, detail)
        self.reasons = collections.Counter()
        self.crash_kinds = collections.Counter()
        self.gcc_disagreements = []
        self.times = collections.Counter()
        self.compiles = 0

    def add_time(self, what, seconds):
        with self.lock:
            self.times[what] += seconds
            if what.startswith("build"):
                self.compiles += 1

    def decide(self, seed, kind, detail=""):
        with self.lock:
            self.outcomes[seed] = (kind, detail)
            if kind == "rejected":
                self.reasons[normalize_reason(detail)] += 1
            if kind == "crash":
                self.crash_kinds[detail.split(":")[0]] += 1


def normalize_reason(message):
    message = re.sub(r"'[^']*'", "'...'", message)
    message = re.sub(r"`[^`]*`", "`...`", message)
    message = re.sub(r"\d+", "N", message)
    return message.strip()


def program_text(programs):
    """The translation unit and, per seed, its first and last line."""
    text = fuzzgen.render_tu(programs)
    ranges = {}
    lines = text.split("\n")
    current = None
    for number, line in enumerate(lines, 1):
        m = re.match(r"^// fuzz program (\d+)$", line)
        if m:
            current = int(m.group(1))
            ranges[current] = [number, number]
        elif current is not None:
            ranges[current][1] = number
            if line.startswith("} // namespace p"):
                current = None
    return text, ranges


def attribute(stderr, filename, ranges_or_markers):
    """The seeds whose lines the diagnostics in stderr name (errors first)."""
    seeds = []
    base = os.path.basename(filename)
    for kind_re in (ERROR_RE, LINE_RE):
        for line in stderr.splitlines():
            m = kind_re.match(line)
            if not m or os.path.basename(m.group(1)) != base:
                continue
            seed = ranges_or_markers(int(m.group(2)))
            if seed is not None and seed not in seeds:
                seeds.append(seed)
        if seeds:
            return seeds
    return seeds


def named_programs(stderr, seeds):
    """The programs whose namespace (`::p<SEED>::`) the code of an error
    names: the size report's assertions come after every program, where line
    numbers name none."""
    named = []
    lines = stderr.splitlines()
    for n, line in enumerate(lines):
        if not ERROR_RE.match(line) or n + 1 >= len(lines):
            continue
        m = re.search(r"::p(\d+)::", lines[n + 1])
        if not m or int(m.group(1)) not in seeds:
            return []
        if int(m.group(1)) not in named:
            named.append(int(m.group(1)))
    return named


def first_error(stderr, seed_of=None, filename=None):
    for line in stderr.splitlines():
        m = ERROR_RE.match(line)
        if m and (seed_of is None or
                  (os.path.basename(m.group(1)) == os.path.basename(filename) and
                   seed_of(int(m.group(2))) is not None)):
            return m.group(4)
    for line in stderr.splitlines():
        if "error" in line.lower():
            return line.strip()
    return stderr.strip().splitlines()[-1] if stderr.strip() else "(no message)"


def split_outputs(text):
    """{seed: output} and the seeds in order; the last may be incomplete."""
    outputs = collections.OrderedDict()
    current = None
    for line in text.splitlines(True):
        m = re.match(r"^=== (\d+)$", line)
        if m:
            current = int(m.group(1))
            outputs[current] = ""
        elif current is not None:
            outputs[current] += line
    return outputs


class Batch:
    """One attempt at a list of programs; returns the batches left to run."""

    def __init__(self, config, stats, programs, tag):
        self.config = config
        self.stats = stats
        self.programs = programs
        self.dir = os.path.join(config.workdir, tag)

    def work(self, name):
        return os.path.join(self.dir, name)

    def timed(self, what, command, timeout=300):
        """The command's result; one that runs out of time exits with 124 (as
        timeout(1) does), so that its batch is split and the seed that hangs
        the tool or a compiler is found and counted."""
        start = time.monotonic()
        try:
            result = run(command, what, timeout=timeout)
        except Failure as timeout_expired:
            result = subprocess.CompletedProcess(command, 124, "", str(timeout_expired))
        self.stats.add_time(what, time.monotonic() - start)
        return result

    def build(self, compiler, std, source, output, extra):
        command = [compiler, f"-std={std}", *warnings_for(compiler),
                   f"-I{self.config.runtime_include}", source, "-o", output,
                   "-pthread", *SANITIZERS, *extra]
        return self.timed("build " + os.path.basename(output), command)

    def single(self):
        return len(self.programs) == 1

    def split(self):
        return [[p] for p in self.programs]

    def without(self, seeds):
        rest = [p for p in self.programs if p.seed not in seeds]
        return [rest] if rest else []

    def run(self):
        os.makedirs(self.dir, exist_ok=True)
        config, stats = self.config, self.stats
        text, ranges = program_text(self.programs)
        by_seed = {p.seed: p for p in self.programs}

        def seed_of(line):
            for seed, (lo, hi) in ranges.items():
                if lo <= line <= hi:
                    return seed
            return None

        source = self.work("batch.cpp")
        with open(source, "w") as f:
            f.write(text)

        # 1. The coroutine build is the reference; it must compile.
        coro = self.work("coro")
        result = self.build(config.clangxx, "c++20", source, coro, ["-O0"])
        if result.returncode != 0:
            culprits = attribute(result.stderr, source, seed_of)
            if not culprits and not self.single():
                return self.split()
            for seed in culprits or [self.programs[0].seed]:
                stats.decide(seed, "invalid", "coroutine build: " +
                             first_error(result.stderr))
                self.save(by_seed[seed], "invalid", result.stderr)
            return self.without(culprits)

        # 2. The rewrite.
        rewritten = self.work("batch.rw.cpp")
        result = self.timed("rewrite", [config.unawait, "rewrite",
                                        "--emit-size-asserts", source,
                                        "-o", rewritten], config.rewrite_timeout)
        if result.returncode == 1:
            culprits = attribute(result.stderr, source, seed_of)
            if not culprits:
                if not self.single():
                    return self.split()
                culprits = [self.programs[0].seed]
            for seed in culprits:
                lo, hi = ranges[seed]
                message = first_error(result.stderr, lambda l: seed if lo <= l <= hi
                                      else None, source)
                stats.decide(seed, "rejected", message)
            return self.without(culprits)
        if result.returncode != 0:
            if not self.single():
                return self.split()
            seed = self.programs[0].seed
            detail = f"tool exited with {result.returncode}"
            tail = [l for l in result.stderr.splitlines() if l.strip()][:3]
            stats.decide(seed, "crash", f"tool crash: {detail}: {' | '.join(tail)}")
            self.save(by_seed[seed], "crash", result.stderr)
            return []

        # 3. The rewritten builds.
        with open(rewritten) as f:
            markers = [(n, int(m.group(1))) for n, line in enumerate(f, 1)
                       for m in [re.match(r"^// fuzz program (\d+)$", line)] if m]

        def seed_in_rewrite(line):
            found = None
            for n, seed in markers:
                if n <= line:
                    found = seed
            return found

        builds = collections.OrderedDict()
        builds["coroutines (clang++ -std=c++20, ASan+UBSan)"] = coro
        variants = [
            ("rewritten (clang++ -std=c++17, ASan+UBSan)", config.clangxx,
             "c++17", rewritten, "rw-clang", [config.opt]),
            ("rewritten (g++ -std=c++17, ASan+UBSan)", config.gxx,
             "c++17", rewritten, "rw-gcc", [config.opt]),
        ]
        if config.gcc_coroutines:
            variants.append(("coroutines (g++ -std=c++20, ASan+UBSan)", config.gxx,
                             "c++20", source, "coro-gcc", ["-O0"]))
        for name, compiler, std, src, out, extra in variants:
            result = self.build(compiler, std, src, self.work(out), extra)
            if result.returncode != 0:
                if src == source:  # g++ rejects the coroutine source
                    stats.gcc_disagreements.append(
                        (None, "g++ coroutine build fails: " + first_error(result.stderr)))
                    continue
                # The size report's assertions name their program; elsewhere
                # the rewrite with line directives names the source lines.
                culprits, directed = named_programs(result.stderr, by_seed), ""
                if not culprits:
                    culprits, directed = self.attribute_rewrite(compiler, std, extra,
                                                                source, seed_of)
                if not culprits:
                    culprits = attribute(result.stderr, rewritten, seed_in_rewrite)
                if not culprits:
                    if not self.single():
                        return self.split()
                    culprits = [self.programs[0].seed]
                for seed in culprits:
                    lo, hi = ranges.get(seed, (0, 0))
                    message = first_error(directed, lambda l: seed if lo <= l <= hi
                                          else None, source) if directed else \
                        first_error(result.stderr)
                    stats.decide(seed, "crash", f"rewrite does not compile ({name}): "
                                 + message)
                    self.save(by_seed[seed], "miscompile", result.stderr)
                return self.without(culprits)
            builds[name] = self.work(out)

        # 4. Run them all and compare program by program.
        outcomes = collections.OrderedDict()
        for name, binary in builds.items():
            start = time.monotonic()
            try:
                outcomes[name] = execute(binary)
            except Exception as e:  # difftest.Failure: a timeout
                outcomes[name] = (-1, "", str(e))
            stats.add_time("run", time.monotonic() - start)
        names = list(outcomes)
        ref_status, ref_text, ref_err = outcomes[names[0]]
        ref = split_outputs(ref_text)
        order = [p.seed for p in self.programs]
        ref_done = order if ref_status == 0 else list(ref)[:-1]
        retry = set()
        if ref_status != 0:
            dead = list(ref)[-1] if ref else order[0]
            stats.decide(dead, "invalid", f"coroutine run exited with {ref_status}: "
                         + first_line_of_interest(ref_err))
            self.save(by_seed[dead], "invalid", ref_err)
            retry |= set(order[order.index(dead) + 1:])
        decided = set()
        for name in names[1:]:
            status, text, err = outcomes[name]
            other = split_outputs(text)
            other_done = order if status == 0 else list(other)[:-1]
            for seed in ref_done:
                if seed in decided:
                    continue
                is_gcc_coro = name.startswith("coroutines (g++")
                if seed not in other_done:
                    if seed in other:  # died in this program
                        detail = (f"{name} exited with {status} in this program: "
                                  + first_line_of_interest(err))
                        if is_gcc_coro:
                            stats.gcc_disagreements.append((seed, detail))
                            continue
                        stats.decide(seed, "mismatch", detail)
                        self.save(by_seed[seed], "mismatch", detail + "\n" + err)
                        decided.add(seed)
                    elif not is_gcc_coro:
                        retry.add(seed)
                    continue
                if other[seed] != ref[seed]:
                    diff = "".join(difflib.unified_diff(
                        ref[seed].splitlines(True), other[seed].splitlines(True),
                        names[0], name, n=2))
                    if is_gcc_coro:
                        stats.gcc_disagreements.append((seed, diff))
                        continue
                    stats.decide(seed, "mismatch", f"outputs differ ({name})")
                    self.save(by_seed[seed], "mismatch", diff)
                    decided.add(seed)
        for seed in ref_done:
            if seed not in decided and seed not in retry:
                stats.decide(seed, "ok")
        if not config.keep:
            shutil.rmtree(self.dir, ignore_errors=True)
        rest = [p for p in self.programs if p.seed in retry - decided]
        return [rest] if rest else []

    def attribute_rewrite(self, compiler, std, extra, source, seed_of):
        directed = self.work("batch.lines.cpp")
        result = self.timed("rewrite", [self.config.unawait, "rewrite",
                                        "--line-directives", "--emit-size-asserts",
                                        source, "-o", directed])
        if result.returncode != 0:
            return [], ""
        result = self.timed("build (attribution)", [
            compiler, f"-std={std}", *warnings_for(compiler), f"-I{self.config.runtime_include}",
            "-fsyntax-only", directed, *extra])
        return attribute(result.stderr, source, seed_of), result.stderr

    def save(self, program, kind, detail):
        """Keeps a failing program (alone in its translation unit)."""
        directory = os.path.join(self.config.workdir, "failures")
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, f"{kind}-{program.seed}")
        with open(path + ".cpp", "w") as f:
            f.write(fuzzgen.render_tu([program]))
        with open(path + ".txt", "w") as f:
            f.write(detail)


def first_line_of_interest(stderr):
    for line in stderr.splitlines():
        if "ERROR" in line or "runtime error" in line or "terminate" in line:
            return line.strip()
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0] if lines else "(nothing on stderr)"


def run_seeds(config, stats, seeds, batch_size, jobs, progress=True):
    chunks = [seeds[i:i + batch_size] for i in range(0, len(seeds), batch_size)]
    done = [0]
    lock = threading.Lock()

    def work(index, chunk):
        programs = [fuzzgen.generate(seed, config.without) for seed in chunk]
        queue = [programs]
        attempt = 0
        while queue:
            batch = queue.pop(0)
            attempt += 1
            queue += Batch(config, stats, batch, f"b{index}-{attempt}").run()
        with lock:
            done[0] += len(chunk)
            if progress:
                counts = collections.Counter(k for k, _ in stats.outcomes.values())
                print(f"[{done[0]}/{len(seeds)}] " +
                      ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
                      file=sys.stderr, flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(work, i, c) for i, c in enumerate(chunks)]
        for f in futures:
            f.result()


def summary(stats, seeds, elapsed):
    counts = collections.Counter(k for k, _ in stats.outcomes.values())
    lines = []
    if stats.reasons:
        lines.append("rejected, by reason:")
        for reason, n in stats.reasons.most_common():
            lines.append(f"  {n:5d}  {reason}")
    for kind in ("rejected", "mismatch", "crash", "invalid"):
        for seed in sorted(s for s, (k, _) in stats.outcomes.items() if k == kind):
            lines.append(f"{kind}: seed {seed}: {stats.outcomes[seed][1]}")
    if stats.crash_kinds:
        lines.append("crashes, by kind: " + ", ".join(
            f"{k} {v}" for k, v in stats.crash_kinds.most_common()))
    for seed, detail in stats.gcc_disagreements[:10]:
        first = detail.strip().splitlines()[0] if detail.strip() else ""
        lines.append(f"g++ coroutine build disagrees with clang++'s (not counted): "
                     f"seed {seed}: {first}")
    if stats.gcc_disagreements:
        lines.append(f"g++ coroutine disagreements: {len(stats.gcc_disagreements)}")
    missing = [s for s in seeds if s not in stats.outcomes]
    if missing:
        lines.append(f"undecided seeds (a bug of fuzz.py): {missing[:20]}")
    t = stats.times
    build_time = sum(v for k, v in t.items() if k.startswith("build"))
    lines.append(f"time: {elapsed:.0f} s wall; compiling {build_time:.0f} s "
                 f"({stats.compiles} compiles), rewriting {t['rewrite']:.0f} s, "
                 f"running {t['run']:.0f} s (CPU-seconds summed over jobs)")
    if counts["invalid"]:
        lines.append(f"{counts['invalid']} invalid programs (generator bugs)")
    lines.append(f"{len(seeds)} programs, {counts['mismatch']} mismatches, "
                 f"{counts['rejected']} rejected, {counts['crash']} crashes")
    return "\n".join(lines), counts


def find_tool(path):
    if path:
        return path
    for candidate in (os.path.join(ROOT, "build", "bin", "unawait"),):
        if os.path.exists(candidate):
            return candidate
    sys.exit("fuzz.py: no unawait binary; pass --unawait")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--ci", action="store_true",
                      help=f"the CI budget: {CI_COUNT} programs from seed "
                           f"{CI_SEED_START}, without the known issues")
    mode.add_argument("--long", action="store_true", help="a long run (see --count)")
    mode.add_argument("--emit", type=int, metavar="SEED", help="print one program")
    mode.add_argument("--reduce", type=int, metavar="SEED",
                      help="reduce a failing seed (see reduce.py)")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed-start", type=int, default=1)
    parser.add_argument("--batch", type=int, default=CI_BATCH,
                        help="programs per translation unit")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--unawait")
    parser.add_argument("--runtime-include",
                        default=os.path.join(ROOT, "runtime", "include"))
    parser.add_argument("--clangxx", default="/usr/lib/llvm-19/bin/clang++")
    parser.add_argument("--gxx", default="g++")
    parser.add_argument("--workdir")
    parser.add_argument("--without", action="append", default=[],
                        choices=sorted(fuzzgen.FEATURES),
                        help="a construct not to generate (repeatable)")
    parser.add_argument("--known-issues", action="store_true",
                        help="leave out the constructs of KNOWN_ISSUES (as --ci does)")
    parser.add_argument("--gcc-coroutines", action="store_true",
                        help="also build the coroutines with g++ and report where "
                             "it disagrees with clang++ (not counted: g++ 12 does "
                             "not keep C++17's order around co_await)")
    parser.add_argument("--optimize", action="store_true",
                        help="build the rewrites with -O1 (twice the compile time) "
                             "rather than -O0")
    parser.add_argument("--rewrite-timeout", type=int, default=300, metavar="SECONDS",
                        help="a rewrite that takes longer is a crash (default 300)")
    parser.add_argument("--keep", action="store_true", help="keep every batch's files")
    parser.add_argument("--out", help="--reduce: where to write the reduced test")
    parser.add_argument("--reduce-time", type=int, default=1800, metavar="SECONDS",
                        help="stop a reduction after this long (default 1800)")
    parser.add_argument("--reduce-failures", type=int, default=None, metavar="N",
                        help="after the run, reduce the first N failing seeds "
                             "(mismatches first) into WORKDIR/reduced-SEED.cpp "
                             "(default: 1 in long mode, 0 otherwise)")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)

    if args.ci or args.known_issues:
        args.without = sorted(set(args.without) | KNOWN_ISSUES)
    if args.emit is not None:
        sys.stdout.write(fuzzgen.render_tu([fuzzgen.generate(args.emit, args.without)]))
        return 0
    args.unawait = find_tool(args.unawait)
    if not args.workdir:
        args.workdir = tempfile.mkdtemp(prefix="unawait-fuzz-")
    os.makedirs(args.workdir, exist_ok=True)
    config = Config(args)

    if args.reduce is not None:
        import reduce
        return reduce.main(config, args.reduce, args.out)

    if args.ci:
        seeds = list(range(CI_SEED_START, CI_SEED_START + CI_COUNT))
    else:
        seeds = list(range(args.seed_start, args.seed_start + args.count))
    stats = Stats()
    start = time.monotonic()
    print(f"fuzz: {len(seeds)} programs from seed {seeds[0]}, batches of {args.batch}, "
          f"{args.jobs} job(s), without: {', '.join(args.without) or 'nothing'}; "
          f"work in {args.workdir}", flush=True)
    run_seeds(config, stats, seeds, args.batch, args.jobs)
    text, counts = summary(stats, seeds, time.monotonic() - start)
    failing = [s for s, (k, _) in stats.outcomes.items()
               if k in ("mismatch", "crash", "invalid")]
    if failing:
        print(f"failing programs are kept in {os.path.join(args.workdir, 'failures')}; "
              f"reduce one with: {sys.argv[0]} --reduce SEED "
              + " ".join(f"--without {w}" for w in args.without))
    print(text)
    budget = args.reduce_failures
    if budget is None:
        budget = 1 if args.long else 0
    if failing and budget:
        import reduce
        rank = {"mismatch": 0, "crash": 1, "invalid": 2}
        for seed in sorted(failing, key=lambda s: (rank[stats.outcomes[s][0]], s))[:budget]:
            if stats.outcomes[seed][0] != "invalid":
                reduce.main(config, seed, None)
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
