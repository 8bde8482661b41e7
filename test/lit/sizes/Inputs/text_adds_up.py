"""Reads `unawait sizes --format=text` on stdin and checks that in every
state the lines (fields, discriminant, live bits, padding, end padding) add
up to the function's frame, and that a state's size is the sum of its
fields. Prints one line per function, exits 1 on a mismatch."""
import re
import sys

failures = []
function = None


def finish_state(state):
    if state is None:
        return
    name, declared, lines, fields = state
    if lines != frame:
        failures.append(f"{function}/{name}: lines add up to {lines}, frame is {frame}")
    if fields != declared:
        failures.append(f"{function}/{name}: fields add up to {fields}, state says {declared}")


state = None
for line in sys.stdin:
    if m := re.match(r"function `(.*)` \(.*\): (\d+) bytes", line):
        finish_state(state)
        state = None
        function, frame = m.group(1), int(m.group(2))
        print(f"{function} {frame}")
    elif m := re.match(r"    state `(\w+)`.*: (\d+) bytes$", line):
        finish_state(state)
        state = [m.group(1), int(m.group(2)), 0, 0]
    elif m := re.match(r"        (end padding|padding|discriminant|live bits): (\d+) bytes", line):
        state[2] += int(m.group(2))
    elif m := re.match(r"        \w+ `.*`: (\d+) bytes, offset", line):
        state[2] += int(m.group(1))
        state[3] += int(m.group(1))
finish_state(state)
for failure in failures:
    print("mismatch:", failure)
sys.exit(1 if failures else 0)
