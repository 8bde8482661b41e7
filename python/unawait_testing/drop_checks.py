"""Drops FileCheck's and lit's directive lines from a rewrite of a test.

`unawait rewrite` copies the test file's comments into its output, the
test's own `// CHECK: text` among them: a FileCheck reading that output
with the same file finds every literal pattern in its own directive line,
and passes whatever the tool generated. This filter removes the lines that
are only such a comment (`// PREFIX:`, `// PREFIX-NEXT:`, `// RUN:`, ...),
so that a pattern can only match generated code:

    unawait rewrite test.cpp | python -m unawait_testing.drop_checks | \\
        FileCheck test.cpp
"""

import re
import sys

DIRECTIVE = re.compile(r"^\s*//\s*[A-Z][A-Z0-9_]*(-[A-Z0-9_]+)*\s*:")


def main():
    for line in sys.stdin:
        if not DIRECTIVE.match(line):
            sys.stdout.write(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
