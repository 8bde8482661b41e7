"""Differential execution test of one unawait test program.

The program is run as C++20 coroutines (the unrewritten source, built with
clang++) and rewritten by `unawait rewrite` (built as C++17 with g++ -O1,
with clang++ -O0 under AddressSanitizer and UndefinedBehaviorSanitizer, and
with clang++ -O1 against libc++: the rewrite, made against libstdc++'s headers, must
spell only portable names). Every build must succeed; the coroutine builds
without warnings (-Wall -Wextra), the rewritten ones without a warning of
the rewrite under the strict flags (strict_warnings.py: -Wpedantic -Wshadow
-Wconversion too; the input's own warnings are the user's). With
--clang-format, the generated code must be clang-format-clean
(format_check.py). Every run must exit the same way, and every output,
constructor, copy, move and destructor traces included, must be identical.
On success the common output is printed, for FileCheck to pin.

    python -m unawait_testing.difftest prog.cpp --unawait build/bin/unawait \\
        --runtime-include runtime/include --workdir /tmp/prog
"""

import argparse
import difflib
import os
import re
import shutil
import sys

from unawait_testing.format_check import unclean_regions
from unawait_testing.precompiled import PrecompiledHeaders
from unawait_testing.steps import Failure, is_gcc, rewrite_all, rewrite_jobs, run
from unawait_testing.strict_warnings import STRICT, counted_warnings, parse

WARNINGS = ["-Wall", "-Wextra", "-Werror"]
# GCC 12's -Wmaybe-uninitialized misfires on the std::optional inside an
# unawait::Poll<std::string> in a long poll() (the destructor of `polled`
# after its value() was taken; test/unit/runtime/CMakeLists.txt leaves it
# out of -Werror for the same reason); the sanitizers run either way.
GCC_ONLY_WARNINGS = ["-Wno-maybe-uninitialized"]


def compiler_only(compiler):
    """What only this compiler is given besides the warnings asked for."""
    return GCC_ONLY_WARNINGS if is_gcc(compiler) else []


def warnings_for(compiler):
    """WARNINGS, and what only g++ is given."""
    return WARNINGS + compiler_only(compiler)


SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all",
              "-fno-omit-frame-pointer"]


def build(compiler, std, source, output, includes, extra, companions=(),
          source_only=(), warnings=None, pch=None):
    """Builds source (in std, with source_only's flags too) and the companion
    sources (always C++20: they hold the unannotated coroutines a test awaits)
    into one program, with warnings_for(compiler) as errors, or with the
    warnings given; the source starts with pch's precompiled headers (a
    PrecompiledHeaders) if given. Returns the compiler's stderr."""
    objects = []
    for companion in companions:
        obj = f"{output}.{os.path.basename(companion)}.o"
        command = [compiler, "-std=c++20", *warnings_for(compiler),
                   *(f"-I{include}" for include in includes), "-c", companion,
                   "-o", obj, *extra]
        result = run(command, f"building {obj}")
        if result.returncode != 0:
            raise Failure(f"build failed: {' '.join(command)}\n{result.stderr}")
        objects.append(obj)
    flags = [f"-std={std}", *(warnings_for(compiler) if warnings is None else warnings),
             "-pthread", *extra, *source_only]
    prefix = pch.include_flags(compiler, flags) if pch else []
    command = [compiler, *flags, *(f"-I{include}" for include in includes),
               *prefix, source, *objects, "-o", output]
    result = run(command, f"building {output}")
    if result.returncode != 0:
        raise Failure(f"build failed: {' '.join(command)}\n{result.stderr}")
    return result.stderr


def execute(binary):
    env = dict(os.environ)
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    result = run([binary], f"running {binary}", timeout=60, env=env)
    return result.returncode, result.stdout, result.stderr


def compare(builds, expect_exit):
    """Runs every build of a group: each must exit as expected and print what
    the first (the coroutine build) prints. Returns its status and output."""
    outcomes = {name: execute(binary) for name, binary in builds.items()}
    reference_name = next(iter(outcomes))
    status, output, errors = outcomes[reference_name]
    if status != expect_exit:
        raise Failure(f"{reference_name} exited with {status}, expected "
                      f"{expect_exit}:\n{errors}")
    for name, (other_status, other_output, other_errors) in outcomes.items():
        if other_status != status:
            raise Failure(f"{name} exited with {other_status}, "
                          f"{reference_name} with {status}:\n{other_errors}")
        if other_output != output:
            diff = "".join(difflib.unified_diff(
                output.splitlines(True), other_output.splitlines(True),
                reference_name, name))
            raise Failure(f"outputs differ:\n{diff}")
    return status, output


# One static_assert of --emit-size-asserts (StateMachineEmitter's
# sizeAssertion), as clang-format lays it out over one to four lines.
SIZE_ASSERTION = re.compile(
    r'^[ \t]*static_assert\((?:(?!static_assert)[^;])*?'
    r'"unawait: the frame size report of [^;]*?\);[ \t]*\n', re.M)


def without_size_assertions(args, rewritten, output):
    """Copies the rewrite made with --emit-size-asserts (rewritten and its
    headers) to output without its size assertions: the text the rewrite
    without that option gives, at the cost of no second rewrite."""
    for (_, source), (_, target) in zip(rewrite_jobs(args, rewritten),
                                        rewrite_jobs(args, output)):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(source, encoding="utf-8") as f:
            text = SIZE_ASSERTION.sub("", f.read())
        if "unawait: the frame size report of" in text:
            raise Failure(f"{source}: a size assertion SIZE_ASSERTION does not match")
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
    return output


def check_format(args, rewritten):
    """Fails when clang-format changes the generated code of a rewrite."""
    for _, target in rewrite_jobs(args, rewritten):
        with open(target, encoding="utf-8") as f:
            diff = unclean_regions(f.read(), args.clang_format)
        if diff:
            raise Failure(f"{target}: generated code is not clang-format-clean:\n{diff}")


class StrictBuilds:
    """Builds rewrites under the strict warnings and fails on a warning of
    the rewrite (strict_warnings.counted_warnings): one the input, compiled
    as coroutines by the same compiler with the same flags, does not give."""

    def __init__(self, args, work, includes, pch):
        self.args, self.work, self.includes, self.pch = args, work, includes, pch
        self.originals = {os.path.realpath(p) for p in [args.source, *args.header]}
        self.lines_rewrite = None

    def build(self, name, compiler, std, rewritten, output, extra, source_only=()):
        strict = STRICT + compiler_only(compiler)
        stderr = build(compiler, std, rewritten, output, self.includes, extra,
                       self.args.companion, source_only, strict, self.pch)
        generated = {os.path.realpath(t) for _, t in rewrite_jobs(self.args, rewritten)}
        warnings = [d for d in parse(stderr) if d["kind"] == "warning"]
        counted = counted_warnings(
            warnings, lambda: self.syntax(compiler, "c++20", self.args.source, extra, strict),
            lambda: self.syntax(compiler, std, self.lines(), extra, strict),
            self.originals, generated, self.args.runtime_include)
        if counted:
            raise Failure(f"warnings of the rewrite ({name}):\n  " + "\n  ".join(counted))
        return output

    def syntax(self, compiler, std, source, extra, strict):
        command = [compiler, f"-std={std}", *strict,
                   *(f"-I{include}" for include in self.includes), *extra,
                   "-fsyntax-only", source]
        result = run(command, f"compiling {source}")
        if result.returncode != 0:
            raise Failure(f"{' '.join(command)} failed:\n{result.stderr}")
        return parse(result.stderr)

    def lines(self):
        """The rewrite with --line-directives (once): where a warning of the
        rewrite on an awaiting line may be the user's (replaced_awaits)."""
        if self.lines_rewrite is None:
            self.lines_rewrite = rewrite_all(self.args, self.work("lines/rewritten.cpp"),
                                             ["--line-directives"])
        return self.lines_rewrite


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("--unawait", required=True)
    parser.add_argument("--runtime-include", required=True)
    parser.add_argument("--clangxx", default="clang++-19")
    parser.add_argument("--gxx", default="g++")
    parser.add_argument("--workdir", required=True,
                        help="a directory of its own for the builds: emptied "
                             "first, so that no file of an earlier run is "
                             "found beside a rewrite")
    parser.add_argument("--companion", action="append", default=[],
                        help="a C++20 source linked into every build "
                             "(unannotated coroutines the test awaits)")
    parser.add_argument("--rewritten-std", default="c++17",
                        help="the standard the rewritten builds use: c++20 "
                             "for a test whose source needs C++20 outside its "
                             "coroutines (a rewritten comparison, <=>)")
    parser.add_argument("--header", action="append", default=[],
                        help="a header (beside the source or below its "
                             "directory) with annotated functions: rewritten "
                             "too, where the rewritten source includes it")
    parser.add_argument("--clang-format",
                        help="check that the generated code is "
                             "clang-format-clean with this clang-format")
    parser.add_argument("--pch-cache",
                        help="a directory for the precompiled headers the "
                             "builds start with (precompiled.py), shared by "
                             "concurrent runs; none without it")
    parser.add_argument("--expect-exit", type=int, default=0,
                        help="the exit status every build must end with")
    args = parser.parse_args(argv)

    shutil.rmtree(args.workdir, ignore_errors=True)
    os.makedirs(args.workdir)
    work = lambda name: os.path.join(args.workdir, name)
    try:
        # With the size asserts, both compilers check every reported size.
        # The sizes are libstdc++'s (the headers the tool parsed): the libc++
        # build compiles the same rewrite without its size asserts.
        rewritten = rewrite_all(args, work("rewritten.cpp"), ["--emit-size-asserts"])
        portable = without_size_assertions(args, rewritten, work("portable/rewritten.cpp"))
        if args.clang_format:
            check_format(args, portable)
        # A coroutine left behind would fail the C++17 builds below; in
        # C++20, g++'s -fno-coroutines makes it fail.
        no_coroutines = [] if args.rewritten_std == "c++17" else ["-fno-coroutines"]
        # The test's own directory too: tests share helpers in Inputs/.
        include = [args.runtime_include,
                   os.path.dirname(os.path.abspath(args.source))]
        # The originals' directories, for the headers a rewritten header
        # includes from beside itself (unawait_rewrite_sources: -iquote).
        include += [os.path.dirname(os.path.abspath(h)) for h in args.header]
        pch = args.pch_cache and PrecompiledHeaders(args.pch_cache, args.runtime_include)
        strict = StrictBuilds(args, work, include, pch)
        std = args.rewritten_std

        def coroutines(output, extra):
            build(args.clangxx, "c++20", args.source, output, include, extra,
                  args.companion, pch=pch)
            return output
        reference = {"coroutines (clang++ -std=c++20)": coroutines(work("coro"), [])}
        status, printed = compare({
            **reference,
            f"rewritten (g++ -std={std})": strict.build(
                "g++", args.gxx, std, rewritten, work("rw-gcc"), ["-O1"],
                no_coroutines),
            f"rewritten (clang++ -std={std}, ASan+UBSan)": strict.build(
                "clang++", args.clangxx, std, rewritten, work("rw-clang-asan"),
                ["-O0", "-g", *SANITIZERS]),
        }, args.expect_exit)
        libcxx = {f"rewritten (clang++ -std={std} -stdlib=libc++)": strict.build(
            "clang++ -stdlib=libc++", args.clangxx, std, portable,
            work("rw-clang-libcxx"), ["-O1", "-stdlib=libc++"])}
        try:
            compare({**reference, **libcxx}, args.expect_exit)
        except Failure:
            # The standard libraries may differ in what a test prints (the
            # order a vector destroys its elements): then the reference is
            # the program as coroutines on libc++ (built only then).
            compare({"coroutines (clang++ -std=c++20 -stdlib=libc++)": coroutines(
                work("coro-libcxx"), ["-stdlib=libc++"]), **libcxx}, args.expect_exit)
    except Failure as failure:
        print(f"difftest: {args.source}: {failure}", file=sys.stderr)
        return 1
    sys.stdout.write(printed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
