"""Checks that docs/design.md's worked example is what the tool prints: the
lowered body (notes on the right removed) and poll() of the rewrite.

    check_design_example.py DESIGN.md DUMP REWRITTEN
"""
import re
import sys

design, dump, rewritten = (open(path).read() for path in sys.argv[1:4])
blocks = re.findall(r"```(?:cpp)?\n(.*?)```", design, re.S)
lowered = next(b for b in blocks if b.startswith("body declares"))
poll = next(b for b in blocks if b.lstrip().startswith("inline unawait::Poll<output_type> poll"))
# A note follows the node after two spaces or more.
shown = [re.sub(r"(\S)\s{2,}\S.*$", r"\1", line) for line in lowered.splitlines()]
expected_dump = [line.rstrip() for line in dump.splitlines()[1:]]
if shown != expected_dump:
    sys.exit("design.md's lowered body is not --dump-lowered's:\n" +
             "\n".join(shown) + "\n---\n" + "\n".join(expected_dump))
if poll.split("private:")[0] not in rewritten:
    sys.exit("design.md's poll() is not what unawait rewrite prints")
print("the worked example matches")
