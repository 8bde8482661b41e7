"""Checks that every relative link of a markdown page names an existing file.

    check_doc_links.py docs/input-language.md
prints "N links checked" or exits 1 naming the first link that is broken.
"""
import os
import re
import sys

LINK = re.compile(r"\]\(([^)#:]+)(#[^)]*)?\)")

page = sys.argv[1]
with open(page, encoding="utf-8") as text:
    targets = [m.group(1) for m in LINK.finditer(text.read())]
for target in targets:
    path = os.path.join(os.path.dirname(page), target)
    if not os.path.exists(path):
        sys.exit(f"{page}: the link '{target}' names no file")
if not targets:
    sys.exit(f"{page}: no relative link")
print(f"{len(targets)} links checked")
