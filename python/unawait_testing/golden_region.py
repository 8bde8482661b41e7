"""Keeps the part of `unawait rewrite --line-directives` output that a golden
test is about.

A golden test marks the statements of its construct in its source with a
line `// golden begin` before them and a line `// golden end` after them
(several pairs may be given). The rewrite, with --line-directives, puts a
`#line N "file"` before what each statement became; this filter prints the
output lines that follow a directive whose line N lies between a pair of
markers, without the directives. What the rest of the function became (the
class around poll(), the frame, other statements) is not printed, so a
change there does not touch the test.

    unawait rewrite --line-directives test.cpp | \\
        python -m unawait_testing.golden_region test.cpp
"""

import argparse
import os
import re
import sys

BEGIN = "// golden begin"
END = "// golden end"
LINE = re.compile(r'^\s*#line (\d+) "(.*)"\s*$')


def marked_lines(source_path):
    """The [begin, end] pairs of source line numbers between the markers."""
    pairs, begin = [], None
    with open(source_path) as source:
        for number, text in enumerate(source, start=1):
            if text.strip() == BEGIN:
                begin = number
            elif text.strip() == END and begin is not None:
                pairs.append((begin, number))
                begin = None
    if not pairs:
        raise SystemExit(f"{source_path}: no '{BEGIN}' ... '{END}' lines")
    return pairs


def region(output_lines, source_path, pairs):
    """The output lines that come from a marked source line."""
    name = os.path.basename(source_path)
    inside = False
    for line in output_lines:
        directive = LINE.match(line)
        if directive:
            number, path = int(directive.group(1)), directive.group(2)
            inside = os.path.basename(path) == name and any(
                begin < number < end for begin, end in pairs)
            continue
        if inside:
            yield line


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    args = parser.parse_args(argv)
    pairs = marked_lines(args.source)
    lines = sys.stdin.read().splitlines()
    for line in region(lines, args.source, pairs):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
