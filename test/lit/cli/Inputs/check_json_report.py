"""Checks `unawait sizes --format=json` for Inputs/buffer.cpp against the
SPEC's schema; reads the report on standard input, exits 1 on a mismatch."""
import json
import sys

report = json.load(sys.stdin)
failures = []


def expect(condition, what):
    if not condition:
        failures.append(what)


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


expect(set(report) >= {"functions"}, "the report has a 'functions' array")
functions = report["functions"]
expect([f["name"] for f in functions] == ["holds_buffer", "drops_before_await"],
       "both functions, in source order")
for f in functions:
    for key, kind in (("name", str), ("file", str), ("states", list)):
        expect(isinstance(f.get(key), kind), f"{f.get('name')}: '{key}' is a {kind.__name__}")
    for key in ("line", "size", "align"):
        expect(is_int(f.get(key)) and f[key] > 0, f"{f['name']}: '{key}' is a positive integer")
    expect(f["file"].endswith("buffer.cpp"), f"{f['name']}: 'file' names buffer.cpp")
    expect(f["size"] % f["align"] == 0, f"{f['name']}: size is a multiple of align")
    names = [s["name"] for s in f["states"]]
    expect(names == ["Start", "Suspend0", "Finished"], f"{f['name']}: states {names}")
    for s in f["states"]:
        expect(is_int(s.get("size")) and s["size"] <= f["size"],
               f"{f['name']}/{s['name']}: 'size' fits in the frame")
        expect(isinstance(s.get("fields"), list), f"{f['name']}/{s['name']}: 'fields' is a list")
        for field in s["fields"]:
            where = f"{f['name']}/{s['name']}/{field.get('name')}"
            for key in ("name", "kind", "type", "why"):
                expect(isinstance(field.get(key), str) and field[key],
                       f"{where}: '{key}' is a non-empty string")
            for key in ("size", "offset"):
                expect(is_int(field.get(key)), f"{where}: '{key}' is an integer")
            expect(field["kind"] in ("param", "local", "temporary", "awaitee", "this", "box"),
                   f"{where}: 'kind' is one of the SPEC's")
            expect(field["offset"] + field["size"] <= s["size"],
                   f"{where}: the field lies inside its state")
    suspend = f["states"][1]
    expect(suspend.get("line") == {"holds_buffer": 8, "drops_before_await": 18}.get(f["name"]),
           f"{f['name']}: Suspend0 is at the line of its co_await")
    expect(suspend.get("await") == "co_await unawait::yield_now()",
           f"{f['name']}: Suspend0 names its await")
    expect(f["states"][-1]["fields"] == [], f"{f['name']}: Finished holds nothing")
    expect(any(field["kind"] == "awaitee" for field in suspend["fields"]),
           f"{f['name']}: Suspend0 holds its awaitee")

holds, drops = functions
expect(holds["line"] == 5 and drops["line"] == 12, "the functions' lines")
buf = [field for field in holds["states"][1]["fields"] if field["name"] == "buf"]
expect(len(buf) == 1, "holds_buffer holds 'buf' at Suspend0")
if buf:
    buf = buf[0]
    expect(buf["kind"] == "local", "buf is a local")
    expect(buf["type"] == "unsigned char[4096]", "buf's type as written")
    expect(buf["size"] == 4096, "buf's size")
    expect("(line 9)" in buf.get("why", ""), "why names line 9, where buf is used after the await")
expect(holds["size"] >= 4096, "holds_buffer's frame holds the buffer")
expect(drops["size"] < 64, "drops_before_await's frame does not")
expect(all(field["name"] != "buf" for s in drops["states"] for field in s["fields"]),
       "drops_before_await never holds buf")

for failure in failures:
    print("mismatch:", failure)
print("ok" if not failures else f"{len(failures)} mismatches")
sys.exit(1 if failures else 0)
