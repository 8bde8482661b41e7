"""Whether unawait's generated code is clang-format-clean.

The rewriter formats what it emits (the LLVM style, as without a
.clang-format file): every generated class and factory function of a
rewrite must come out of clang-format unchanged. The user's own code around
them is not judged. difftest checks every rewrite it builds.
"""

import difflib
import subprocess

from unawait_testing.update_checks import generated_regions


def unclean_regions(rewritten, clang_format):
    """A unified diff of what clang-format changes in the generated regions
    of the rewritten text, or "" when it changes nothing."""
    formatted = subprocess.run([clang_format, "--style=LLVM"], input=rewritten,
                               capture_output=True, text=True, check=True).stdout
    before = [line + "\n" for r in generated_regions(rewritten) for line in r]
    after = [line + "\n" for r in generated_regions(formatted) for line in r]
    return "".join(difflib.unified_diff(before, after, "generated", "clang-format"))
