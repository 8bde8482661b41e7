"""Finds lit tests whose FileCheck reads a rewrite of the test file itself
with the file's own directives still in it.

`unawait rewrite test.cpp` copies the file's comments, its `// CHECK:`
lines among them, into the output; FileCheck finds each literal pattern in
its own line and passes whatever the tool generated (see drop_checks.py).
Such a RUN line must filter the output through %golden or %drop_checks.
Prints each offending line and exits 1 if there is one.

    python -m unawait_testing.audit_run_lines test/lit
"""

import os
import re
import sys

RUN = re.compile(r"^\s*(?://|#)\s*RUN:(.*)$")
REWRITE_OF_SELF = re.compile(r"(?<!not )unawait rewrite\b[^|;&]*%s\b")
PIPED_TO_FILECHECK = re.compile(r"\|\s*FileCheck\s+%s\b")
FILTERED = ("%golden", "%drop_checks")
WRITES = re.compile(r"\s-o\s+(%t\S*)")


def offending_lines(path):
    """(line number, text) of RUN lines that check a rewrite of the file
    with the file's own directives in it."""
    rewritten_files = set()
    found = []
    with open(path, errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = RUN.match(line)
            if not m:
                continue
            command = m.group(1)
            if any(name in command for name in FILTERED):
                continue
            rewrite = REWRITE_OF_SELF.search(command)
            if rewrite and PIPED_TO_FILECHECK.search(command):
                found.append((number, command.strip()))
            if rewrite:
                rewritten_files.update(WRITES.findall(command))
            for output in rewritten_files:
                reads = re.search(r"FileCheck\s+%s\b.*(<|--input-file[= ])\s*"
                                  + re.escape(output) + r"(\s|$)", command)
                if reads:
                    found.append((number, command.strip()))
    return found


def main(argv=None):
    bad = 0
    for path in test_files(argv if argv is not None else sys.argv[1:]):
        for number, command in offending_lines(path):
            print(f"{path}:{number}: FileCheck reads the rewrite of the test "
                  f"with its own directives (add %drop_checks): {command}")
            bad += 1
    return 1 if bad else 0


def test_files(paths):
    """The files given and the tests under the directories given (not in
    Inputs directories, which lit does not run)."""
    for path in paths:
        if not os.path.isdir(path):
            yield path
            continue
        for directory, subdirectories, files in os.walk(path):
            subdirectories[:] = sorted(d for d in subdirectories if d != "Inputs")
            for name in sorted(files):
                if name.endswith((".cpp", ".test")):
                    yield os.path.join(directory, name)


if __name__ == "__main__":
    sys.exit(main())
