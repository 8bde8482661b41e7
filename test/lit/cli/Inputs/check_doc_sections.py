"""Checks that every citation of a documentation section, written as
`docs/runtime.md, "Rules for hand-written futures"` (the comma is optional,
and the citation may run over comment lines), names a section that page has: a heading, or
the bold words that start a paragraph.

    check_doc_sections.py SOURCE_ROOT DIR...
prints "N section citations checked" or exits 1 naming each citation of a
section that does not exist.
"""
import os
import re
import sys

CITATION = re.compile(r'docs/([\w-]+\.md),?\s+"([^"]+)"')
COMMENT_LEADER = re.compile(r"\n\s*(///|//|#|\*)?\s*")
# A section is a heading, or the bold words that start a paragraph or a list
# item (docs/design.md's decisions: "- **Exceptions.** An exception ...").
SECTION = re.compile(r"^(?:#+\s+(.*)|(?:- )?\*\*(.+?)\.?\*\*)", re.M)
SUFFIXES = (".hpp", ".cpp", ".h", ".md", ".cmake", ".txt", ".py")


def sections(page):
    with open(page, encoding="utf-8") as text:
        found = SECTION.findall(text.read())
    return {(heading or bold).replace("`", "").strip() for heading, bold in found}


def citations(path):
    """(page, section) pairs, with line breaks inside a comment joined."""
    with open(path, encoding="utf-8", errors="replace") as text:
        joined = COMMENT_LEADER.sub(" ", text.read())
    return CITATION.findall(joined)


def sources(root, dirs):
    for top in dirs:
        for base, _, names in os.walk(os.path.join(root, top)):
            yield from (os.path.join(base, n) for n in sorted(names) if n.endswith(SUFFIXES))


def main():
    root = sys.argv[1]
    checked, broken = 0, []
    for path in sources(root, sys.argv[2:]):
        for page, section in citations(path):
            checked += 1
            page_path = os.path.join(root, "docs", page)
            if not os.path.exists(page_path) or section.replace("`", "") not in sections(page_path):
                broken.append(f"{os.path.relpath(path, root)}: cites docs/{page}, "
                              f"\"{section}\", which has no such section")
    for line in broken:
        print(line)
    if broken or not checked:
        return 1
    print(f"{checked} section citations checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
