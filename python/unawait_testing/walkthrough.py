#!/usr/bin/env python3
"""Run a markdown walkthrough's commands and compare their output.

A walkthrough (docs/getting-started.md) is read top to bottom:
  ```cpp file=NAME    writes the block to NAME;
  ```sh run           runs the block with `bash -e` and keeps its output;
  ```text output      must equal the output of the `sh run` block before it.
Other blocks are prose. The commands run in a fresh directory that looks like
the checkout's root to them: `build/bin/unawait` is the tool under test and
`runtime/` the source tree's runtime, so the page can say what a user types.

    walkthrough.py --unawait build/bin/unawait --src-root . docs/getting-started.md
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```([\w+-]*)[ \t]*(.*)$")


def blocks(markdown_path):
    """Yields (line, language, info words, body) for each fenced block."""
    with open(markdown_path, encoding="utf-8") as markdown:
        lines = markdown.read().splitlines()
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        index += 1
        if not match:
            continue
        start = index
        while index < len(lines) and not lines[index].startswith("```"):
            index += 1
        if index == len(lines):
            raise SystemExit(f"{markdown_path}:{start}: unterminated code block")
        yield start, match.group(1), match.group(2).split(), "\n".join(lines[start:index]) + "\n"
        index += 1


def make_root(workdir, unawait, src_root):
    os.makedirs(os.path.join(workdir, "build", "bin"))
    os.symlink(os.path.abspath(unawait), os.path.join(workdir, "build", "bin", "unawait"))
    os.symlink(os.path.join(os.path.abspath(src_root), "runtime"), os.path.join(workdir, "runtime"))


def run(markdown_path, args, workdir):
    """Returns the number of checked outputs; exits with a message on a mismatch."""
    last_output, checked = None, 0
    for line, language, info, body in blocks(markdown_path):
        where = f"{markdown_path}:{line}"
        files = [word[len("file="):] for word in info if word.startswith("file=")]
        if language == "cpp" and files:
            with open(os.path.join(workdir, files[0]), "w", encoding="utf-8") as out:
                out.write(body)
        elif language == "sh" and "run" in info:
            done = subprocess.run(["bash", "-e", "-c", body], cwd=workdir, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"{where}: the commands exit with {done.returncode}:\n{done.stdout}{done.stderr}")
            last_output = done.stdout
        elif language == "text" and "output" in info:
            if last_output is None:
                sys.exit(f"{where}: an output block without a `sh run` block before it")
            if last_output != body:
                sys.exit(f"{where}: the commands before print\n{last_output}but the page shows\n{body}")
            last_output, checked = None, checked + 1
    return checked


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--unawait", required=True)
    parser.add_argument("--src-root", required=True)
    parser.add_argument("markdown")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        make_root(workdir, args.unawait, args.src_root)
        checked = run(args.markdown, args, workdir)
    if checked == 0:
        sys.exit(f"{args.markdown}: no `text output` block was checked")
    print(f"{checked} outputs match")


if __name__ == "__main__":
    main()
