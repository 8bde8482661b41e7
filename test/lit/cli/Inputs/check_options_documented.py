"""Every option that `unawait --help` (and each subcommand's --help) prints is
named in a document (the man page, or docs/command-line.md): usage:
check_options_documented.py [--man] DOCUMENT HELP_OUTPUT...

With --man, DOCUMENT is a roff man page, and the other way round too: each
entry of its OPTIONS section (the line after a `.TP`) names an option that
--help prints (`--`, the compiler arguments, excepted), so that a removed or
renamed option cannot stay in the page.

Prints each option missing from the document (or from --help) and exits 1,
or prints how many options it checked."""
import re
import sys

OPTION = re.compile(r"^\s{2}(-{1,2}[A-Za-z][\w-]*)")


def options_in(help_text):
    return {m.group(1) for line in help_text.splitlines() if (m := OPTION.match(line))}


def man_entries(document):
    """The option each `.TP` entry of the OPTIONS section names."""
    section = document.split("\n.SH OPTIONS", 1)[1].split("\n.SH ", 1)[0]
    lines = section.splitlines()
    entries = set()
    for tag, entry in zip(lines, lines[1:]):
        if tag == ".TP" and (m := re.match(r"\.BI? (-{1,2}[A-Za-z][\w-]*|--)", entry)):
            entries.add(m.group(1))
    return entries - {"--"}


def main():
    args = sys.argv[1:]
    man = args[0] == "--man"
    if man:
        args = args[1:]
    # roff escapes a dash as \-; markdown has no such escape.
    document = open(args[0]).read().replace("\\-", "-")
    described = set(re.findall(r"(?<![\w-])-{1,2}[A-Za-z][\w-]*", document))
    options = set()
    for path in args[1:]:
        options |= options_in(open(path).read())
    if not options:
        print("no options found in the --help output")
        return 1
    missing = sorted(options - described)
    for option in missing:
        print(f"{args[0]}: error: {option} is in --help but not in this document")
    stale = sorted(man_entries(document) - options) if man else []
    for option in stale:
        print(f"{args[0]}: error: {option} has an entry in OPTIONS but is not in --help")
    if missing or stale:
        return 1
    print(f"{len(options)} options described")
    return 0


if __name__ == "__main__":
    sys.exit(main())
