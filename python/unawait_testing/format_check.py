"""Checks that unawait's generated code is clang-format-clean.

Rewrites each test program and formats the result with clang-format (the
LLVM style, as the rewriter uses without a .clang-format file); every
generated class and factory function must come out of clang-format
unchanged. The user's own code around them is not judged.

    python -m unawait_testing.format_check --unawait build/bin/unawait \\
        --clang-format /usr/lib/llvm-19/bin/clang-format test/lit/rewrite/*.cpp
"""

import argparse
import difflib
import subprocess
import sys

from unawait_testing.update_checks import generated_regions


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="+")
    parser.add_argument("--unawait", required=True)
    parser.add_argument("--clang-format", required=True)
    args = parser.parse_args(argv)
    failures = 0
    regions_checked = 0
    for source in args.sources:
        rewritten = subprocess.run([args.unawait, "rewrite", source],
                                   capture_output=True, text=True, check=True).stdout
        formatted = subprocess.run([args.clang_format, "--style=LLVM"],
                                   input=rewritten, capture_output=True,
                                   text=True, check=True).stdout
        before = list(generated_regions(rewritten))
        after = list(generated_regions(formatted))
        regions_checked += len(before)
        if before != after:
            failures += 1
            diff = difflib.unified_diff(
                ["\n".join(r) + "\n" for r in before],
                ["\n".join(r) + "\n" for r in after], "generated", "clang-format")
            print(f"{source}: generated code is not clang-format-clean:\n"
                  + "".join(diff))
    print(f"{len(args.sources)} files, {regions_checked} generated classes checked, "
          f"{failures} not clean")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
