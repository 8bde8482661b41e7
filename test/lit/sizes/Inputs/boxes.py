"""Reads `unawait sizes --format=json` on stdin; for the functions named on
the command line prints `name boxes=N boxed_size=M`, then one line per box
field: `  box NAME in=INSIDE size=S boxed_size=B`."""
import json
import sys

functions = {f["name"]: f for f in json.load(sys.stdin)["functions"]}
for name in sys.argv[1:]:
    f = functions[name]
    print(f"{name} boxes={f['boxes']} boxed_size={f['boxed_size']}")
    for state in f["states"]:
        for field in state["fields"]:
            if field["kind"] == "box":
                print(f"  box {field['name']} in={field.get('inside', '-')} size={field['size']}"
                      f" boxed_size={field.get('boxed_size', '?')} state={state['name']}")
