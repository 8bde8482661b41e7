"""Reads `unawait sizes --format=json` on stdin; prints `name size` for the
functions named on the command line, in that order, after checking that the
report has the SPEC's shape and that every state fits in the frame."""
import json
import sys

report = json.load(sys.stdin)
functions = {f["name"]: f for f in report["functions"]}
for function in report["functions"]:
    for key in ("name", "file", "line", "size", "align", "states"):
        assert key in function, f"function lacks {key!r}"
    assert function["size"] % function["align"] == 0, function["name"]
    for state in function["states"]:
        assert state["size"] <= function["size"], (function["name"], state["name"])
        for field in state["fields"]:
            for key in ("name", "kind", "type", "size", "offset", "why"):
                assert key in field, f"field lacks {key!r}"
            assert field["kind"] in ("param", "local", "temporary", "awaitee", "this", "box")
            assert field["offset"] + field["size"] <= function["size"]
for name in sys.argv[1:]:
    print(name, functions[name]["size"])
