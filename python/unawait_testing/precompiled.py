"""Precompiled headers for the test programs' builds.

Every test program includes the runtime and a few standard headers; parsing
them is most of a build's time. difftest builds each program four ways,
three with clang++, for some two hundred tests, so it precompiles those
headers once per way of building (compiler, standard and flags) and has each
clang++ build include the precompiled header first. A build that includes them again reads nothing:
every header has an include guard.

The precompiled headers live in a cache directory shared by concurrent
tests. A file's name is a hash of what makes it valid: the compiler, the
flags, this prefix and the text of every runtime header, so that a changed
runtime header never meets a stale precompiled one (g++ would not notice).
The first test that needs one builds it under a lock; the others wait for it.
The prefix is built with -Werror: a warning in the runtime's headers, which
the builds that include the precompiled header would not see, fails it.

Only clang++'s builds use one. g++ 12 does not keep the `#pragma GCC
diagnostic` state in a precompiled header (GCC bug 64117): a template of the
runtime that silences a warning around its definition warns again where a
test instantiates it, and the strict warnings count that against the
rewrite.
"""

import fcntl
import hashlib
import os

from unawait_testing.steps import Failure, is_gcc, run

PREFIX = """\
// What the test programs include, precompiled (precompiled.py).
#include <unawait/unawait.hpp>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>
"""


class PrecompiledHeaders:
    """A cache directory of precompiled PREFIX headers, one per way of
    building."""

    def __init__(self, directory, runtime_include):
        self.directory = directory
        self.runtime_include = runtime_include
        self.runtime_digest = self.digest_of_runtime()

    def digest_of_runtime(self):
        digest = hashlib.sha256(PREFIX.encode())
        for root, _, files in sorted(os.walk(self.runtime_include)):
            for name in sorted(files):
                path = os.path.join(root, name)
                digest.update(os.path.relpath(path, self.runtime_include).encode())
                with open(path, "rb") as f:
                    digest.update(f.read())
        return digest.hexdigest()

    def include_flags(self, compiler, flags):
        """The flags that make a build (compiler, and flags: the standard,
        warnings, code generation, everything but the sources, the include
        directories and the output) start with the precompiled prefix; none
        for g++ (see above)."""
        if is_gcc(compiler):
            return []
        key = hashlib.sha256("\0".join(
            [self.runtime_digest, os.path.realpath(compiler), *flags]).encode()).hexdigest()[:20]
        where = os.path.join(self.directory, key)
        header = os.path.join(where, "prefix.hpp")
        built = header + ".pch"
        os.makedirs(self.directory, exist_ok=True)
        with open(where + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not os.path.exists(built):
                self.build(compiler, flags, header, built)
        return ["-include-pch", built]

    def build(self, compiler, flags, header, built):
        os.makedirs(os.path.dirname(header), exist_ok=True)
        with open(header, "w", encoding="utf-8") as f:
            f.write(PREFIX)
        partial = built + ".partial"
        command = [compiler, *flags, "-Werror", f"-I{self.runtime_include}",
                   "-x", "c++-header", header, "-o", partial]
        result = run(command, f"precompiling {header}", timeout=300)
        if result.returncode != 0:
            raise Failure(f"precompiling the test prefix failed: {' '.join(command)}\n"
                          f"{result.stderr}")
        os.replace(partial, built)
