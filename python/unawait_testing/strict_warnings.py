"""Strict warnings on rewritten code (issue 11).

Rewrites each input once and compiles the rewrite (-fsyntax-only) under
-Wall -Wextra -Wpedantic -Wshadow -Wconversion with g++, with clang++ and
with clang++ -stdlib=libc++. A warning counts against the rewrite when it is
in the runtime's headers, or when the input itself, compiled as C++20
coroutines by the same compiler with the same flags, does not produce it:
the user's code is theirs. A warning in the rewrite and one in the input are
the same when they have the same flag and are on the same line of text
(whitespace aside, one line's text holding the other's: the rewrite reindents
and reflows); outside the rewritten files, on the same line of the same file.
Any error fails too. counted_warnings is that rule: difftest applies it to
every rewrite it builds; this command, to sources that are no difftest (the
examples).

An input is a lit test file (the options of its `%difftest` RUN line apply:
--header, --rewritten-std) or a directory of them (Inputs/ excluded):

    python -m unawait_testing.strict_warnings test/lit/rewrite \\
        --unawait build/bin/unawait --runtime-include runtime/include \\
        --workdir /tmp/strict
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import sys
import types

from unawait_testing.steps import Failure, rewrite_all, run

STRICT = ["-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Wconversion"]
DIAGNOSTIC = re.compile(
    r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?:\d+:)? (?P<kind>warning|error): "
    r"(?P<message>.*?)(?: \[(?P<flag>-W[^\]]+)\])?$")


def difftest_options(source):
    """The --header and --rewritten-std options of source's %difftest RUN
    line, %S standing for source's directory."""
    here = os.path.dirname(os.path.abspath(source))
    headers, std = [], "c++17"
    with open(source, encoding="utf-8") as f:
        for line in f:
            if "RUN:" not in line or "%difftest" not in line:
                continue
            words = shlex.split(line.split("%difftest", 1)[1].split("|")[0])
            for i, word in enumerate(words):
                if word == "--header" and i + 1 < len(words):
                    headers.append(words[i + 1].replace("%S", here))
                elif word.startswith("--rewritten-std="):
                    std = word.split("=", 1)[1]
    return headers, std


def inputs_of(paths):
    for path in paths:
        if os.path.isdir(path):
            yield from sorted(os.path.join(path, name) for name in os.listdir(path)
                              if name.endswith(".cpp"))
        else:
            yield path


class Input:
    def __init__(self, source, headers, std, args):
        self.source = source
        self.headers = headers
        self.std = std
        self.args = args
        where = os.path.relpath(os.path.abspath(source), "/")
        self.workdir = os.path.join(args.workdir, where.replace(os.sep, "+"))
        self.root = os.path.commonpath(
            [os.path.dirname(os.path.abspath(p)) for p in [source, *headers]])

    def image(self, path, lines=False):
        """Where the rewrite of path (the input, a header, a directory of
        headers) goes: below the workdir as below the inputs' common
        directory, so that the rewrite's includes find the rewritten
        headers as the input's find the originals."""
        return os.path.join(self.workdir + (".lines" if lines else ""),
                            os.path.relpath(os.path.abspath(path), self.root))

    def includes(self, rewritten, lines=False):
        dirs = [self.args.runtime_include, os.path.dirname(os.path.abspath(self.source))]
        dirs += [os.path.dirname(os.path.abspath(h)) for h in self.headers]
        flags = [f"-I{d}" for d in dirs]
        for arg in self.args.extra_arg:
            if rewritten and arg.startswith("-I"):
                flags.append(f"-I{self.image(arg[2:], lines)}")
            flags.append(arg)
        return flags

    def rewrite(self, lines=False):
        """Rewrites the input and its headers (with --line-directives if
        lines); returns the rewritten input and every rewritten file."""
        job = types.SimpleNamespace(source=self.source, header=self.headers,
                                    unawait=self.args.unawait)
        options = [f"--extra-arg={arg}" for arg in self.args.extra_arg]
        rewrite_all(job, self.image(self.source, lines),
                    options + (["--line-directives"] if lines else []))
        return (self.image(self.source, lines),
                [self.image(p, lines) for p in [self.source, *self.headers]])

    def diagnostics(self, compiler, std, source, extra, lines=False):
        rewritten = source != self.source
        command = [compiler, f"-std={std}", *STRICT, *self.includes(rewritten, lines), *extra,
                   "-fsyntax-only", source]
        result = run(command, f"compiling {source}")
        found = parse(result.stderr)
        if result.returncode != 0 or any(m["kind"] == "error" for m in found):
            raise Failure(f"{' '.join(command)} failed:\n{result.stderr}")
        return found


def line_text(path, number, cache):
    if path not in cache:
        with open(path, encoding="utf-8", errors="replace") as f:
            cache[path] = f.read().splitlines()
    lines = cache[path]
    return "".join(lines[number - 1].split()) if 0 < number <= len(lines) else ""


def key(diagnostic, text_files, cache):
    """What identifies a warning: in a file of text_files (the rewritten or
    the original input and headers), its flag and its line's text; elsewhere,
    its flag and its place."""
    path = os.path.realpath(diagnostic["file"])
    line = int(diagnostic["line"])
    if path in text_files:
        return ("text", diagnostic["flag"], line_text(path, line, cache))
    return ("at", diagnostic["flag"], path, line)


def same(rewritten, own):
    """A warning of the rewrite is the input's own: the same place outside
    the rewritten files, or in them the same flag on a line of text that
    holds, or is held by, the input's line (the rewrite reflows a line
    holding several statements)."""
    if rewritten[0] != "text" or own[0] != "text":
        return rewritten == own
    (_, flag, text), (_, own_flag, own_text) = rewritten, own
    shorter = min(len(text), len(own_text))
    return flag == own_flag and shorter >= 4 and (text in own_text or own_text in text)


def place(diagnostic):
    return (os.path.realpath(diagnostic["file"]), int(diagnostic["line"]), diagnostic["flag"])


def replaced_awaits(lines_diagnostics, own_places, cache):
    """The (flag, message) of the warnings that the --line-directives rewrite
    gives (lines_diagnostics) on a line of the input that awaits and on which
    the input warns too (own_places): the rewrite replaced the await by its
    result, so that the line's text changed, but the warning is about the
    user's expression (`new int[co_await size()]`: the int converted to
    std::size_t)."""
    excused = set()
    for d in lines_diagnostics:
        path, line, flag = place(d)
        if (path, line, flag) in own_places and "co_await" in line_text(path, line, cache):
            excused.add((flag, d["message"]))
    return excused


def parse(stderr):
    """The diagnostics (warning and error lines) in a compiler's stderr."""
    return [m for m in map(DIAGNOSTIC.match, stderr.splitlines()) if m]


def counted_warnings(warnings, own_compile, lines_compile, originals, generated,
                     runtime):
    """The warnings of a rewrite (parsed lines) that count against it. The
    input's own diagnostics (own_compile(): the input compiled as coroutines
    by the same compiler with the same flags) and those of the rewrite with
    --line-directives (lines_compile(), see replaced_awaits) are asked for
    only when needed. originals and generated: the real paths of the input
    and its headers, and of their rewrites; runtime: the runtime's include
    directory, whose warnings always count."""
    if not warnings:
        return []
    runtime = os.path.realpath(runtime) + os.sep
    cache = {}
    own = [d for d in own_compile()
           if not os.path.realpath(d["file"]).startswith(runtime)]
    own_keys = [key(d, originals, cache) for d in own]
    unmatched = [d for d in warnings
                 if not any(same(key(d, generated, cache), o) for o in own_keys)]
    if not unmatched:
        return []
    excused = replaced_awaits(lines_compile(), {place(d) for d in own}, cache)
    return [d.group(0) for d in unmatched if (d["flag"], d["message"]) not in excused]


def check(item, configs):
    """The warnings that count against item's rewrite, as printable lines."""
    output, generated = item.rewrite()
    generated = {os.path.realpath(p) for p in generated}
    originals = {os.path.realpath(p) for p in [item.source, *item.headers]}
    counted = []
    for name, compiler, extra in configs:
        def lines_compile():
            lines_output, _ = item.rewrite(lines=True)
            return item.diagnostics(compiler, item.std, lines_output, extra, lines=True)
        counted += [f"{name}: {line}" for line in counted_warnings(
            item.diagnostics(compiler, item.std, output, extra),
            lambda: item.diagnostics(compiler, "c++20", item.source, extra),
            lines_compile, originals, generated, item.args.runtime_include)]
    return counted


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+", help="lit test files or directories")
    parser.add_argument("--unawait", required=True)
    parser.add_argument("--runtime-include", required=True)
    parser.add_argument("--clangxx", default="clang++-19")
    parser.add_argument("--gxx", default="g++")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--header", action="append", default=[],
                        help="a header rewritten with every input given as a file")
    parser.add_argument("--extra-arg", action="append", default=[],
                        help="a compiler argument for every compile")
    args = parser.parse_args(argv)
    configs = [("g++", args.gxx, []), ("clang++", args.clangxx, []),
               ("clang++ -stdlib=libc++", args.clangxx, ["-stdlib=libc++"])]
    items = []
    for source in inputs_of(args.inputs):
        headers, std = difftest_options(source)
        items.append(Input(source, headers + args.header, std, args))
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = {pool.submit(check, item, configs): item for item in items}
        for future in concurrent.futures.as_completed(futures):
            source = futures[future].source
            try:
                counted = future.result()
            except Failure as failure:
                counted = [str(failure)]
            if counted:
                failed += 1
                print(f"strict-warnings: {source}:", *counted, sep="\n  ", file=sys.stderr)
    print(f"strict-warnings: {len(items)} inputs, {failed} with warnings of the rewrite")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
