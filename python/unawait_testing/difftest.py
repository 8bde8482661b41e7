"""Differential execution test of one unawait test program.

The program is run as C++20 coroutines (the unrewritten source, built with
clang++) and rewritten by `unawait rewrite` (built as C++17 with g++, with
clang++ under AddressSanitizer and UndefinedBehaviorSanitizer, and with
clang++ against libc++: the rewrite, made against libstdc++'s headers, must
spell only portable names). Every build must succeed without warnings, every
run must exit the same way, and every output, constructor, copy, move and
destructor traces included, must be identical.
On success the common output is printed, for FileCheck to pin.

    python -m unawait_testing.difftest prog.cpp --unawait build/bin/unawait \\
        --runtime-include runtime/include --workdir /tmp/prog
"""

import argparse
import difflib
import os
import subprocess
import sys

WARNINGS = ["-Wall", "-Wextra", "-Werror"]
# GCC 12's -Wmaybe-uninitialized misfires on the std::optional inside an
# unawait::Poll<std::string> in a long poll() (the destructor of `polled`
# after its value() was taken; test/unit/runtime/CMakeLists.txt leaves it
# out of -Werror for the same reason); the sanitizers run either way.
GCC_ONLY_WARNINGS = ["-Wno-maybe-uninitialized"]


def warnings_for(compiler):
    """WARNINGS, and what only g++ is given."""
    is_gcc = "clang" not in os.path.basename(compiler)
    return WARNINGS + (GCC_ONLY_WARNINGS if is_gcc else [])
SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all",
              "-fno-omit-frame-pointer"]


class Failure(Exception):
    pass


def run(command, what, timeout=120, env=None):
    try:
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        raise Failure(f"{what}: timed out after {timeout} s\n  {' '.join(command)}")
    return result


def build(compiler, std, source, output, includes, extra, companions=(),
          source_only=()):
    """Builds source (in std, with source_only's flags too) and the companion
    sources (always C++20: they hold the unannotated coroutines a test awaits)
    into one program."""
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
    command = [compiler, f"-std={std}", *warnings_for(compiler),
               *(f"-I{include}" for include in includes), source, *objects,
               "-o", output, "-pthread", *extra, *source_only]
    result = run(command, f"building {output}")
    if result.returncode != 0:
        raise Failure(f"build failed: {' '.join(command)}\n{result.stderr}")
    return output


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


def rewrite_all(args, output, options):
    """Rewrites the source into output, and each header to the same path
    relative to output as to the source, so that the rewritten source's
    quoted includes find the rewritten headers. Returns output."""
    source_dir = os.path.dirname(os.path.abspath(args.source))
    jobs = [(args.source, output)]
    for header in args.header:
        relative = os.path.relpath(os.path.abspath(header), source_dir)
        jobs.append((header, os.path.join(os.path.dirname(output), relative)))
    for source, target in jobs:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        result = run([args.unawait, "rewrite", *options, source, "-o", target],
                     "unawait rewrite")
        if result.returncode != 0:
            raise Failure(f"unawait rewrite of {source} failed "
                          f"({result.returncode}):\n{result.stderr}")
    return output


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("--unawait", required=True)
    parser.add_argument("--runtime-include", required=True)
    parser.add_argument("--clangxx", default="clang++-19")
    parser.add_argument("--gxx", default="g++")
    parser.add_argument("--workdir", required=True)
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
    parser.add_argument("--expect-exit", type=int, default=0,
                        help="the exit status every build must end with")
    args = parser.parse_args(argv)

    os.makedirs(args.workdir, exist_ok=True)
    work = lambda name: os.path.join(args.workdir, name)
    try:
        # With the size asserts, both compilers check every reported size.
        # The sizes are libstdc++'s (the headers the tool parsed): the libc++
        # build compiles the same rewrite without its size asserts.
        rewritten = rewrite_all(args, work("rewritten.cpp"), ["--emit-size-asserts"])
        portable = rewrite_all(args, work("portable/rewritten.cpp"), [])
        # A coroutine left behind would fail the C++17 builds below; in
        # C++20, g++'s -fno-coroutines makes it fail.
        no_coroutines = [] if args.rewritten_std == "c++17" else ["-fno-coroutines"]
        # The test's own directory too: tests share helpers in Inputs/.
        include = [args.runtime_include,
                   os.path.dirname(os.path.abspath(args.source))]
        # The originals' directories, for the headers a rewritten header
        # includes from beside itself (unawait_rewrite_sources: -iquote).
        include += [os.path.dirname(os.path.abspath(h)) for h in args.header]
        # Two groups, each compared with its own coroutine build: the standard
        # libraries differ in what a test may print (the order a vector
        # destroys its elements).
        groups = [
            {
                "coroutines (clang++ -std=c++20)": build(
                    args.clangxx, "c++20", args.source, work("coro"), include, [],
                    args.companion),
                f"rewritten (g++ -std={args.rewritten_std})": build(
                    args.gxx, args.rewritten_std, rewritten, work("rw-gcc"), include,
                    ["-O1"], args.companion, no_coroutines),
                f"rewritten (clang++ -std={args.rewritten_std}, ASan+UBSan)": build(
                    args.clangxx, args.rewritten_std, rewritten, work("rw-clang-asan"), include,
                    ["-O1", "-g", *SANITIZERS], args.companion),
            },
            {
                "coroutines (clang++ -std=c++20 -stdlib=libc++)": build(
                    args.clangxx, "c++20", args.source, work("coro-libcxx"), include,
                    ["-stdlib=libc++"], args.companion),
                f"rewritten (clang++ -std={args.rewritten_std} -stdlib=libc++)": build(
                    args.clangxx, args.rewritten_std, portable, work("rw-clang-libcxx"), include,
                    ["-O1", "-stdlib=libc++"], args.companion),
            },
        ]
        for builds in groups:
            status, output = compare(builds, args.expect_exit)
            if builds is groups[0]:
                printed = output
    except Failure as failure:
        print(f"difftest: {args.source}: {failure}", file=sys.stderr)
        return 1
    sys.stdout.write(printed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
