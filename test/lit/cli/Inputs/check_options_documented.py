"""Every option that `unawait --help` (and each subcommand's --help) prints is
named in a document (the man page, or docs/command-line.md): usage:
check_options_documented.py DOCUMENT HELP_OUTPUT...

Prints each option missing from the document and exits 1, or prints how many
options it checked."""
import re
import sys

OPTION = re.compile(r"^\s{2}(-{1,2}[A-Za-z][\w-]*)")


def options_in(help_text):
    return {m.group(1) for line in help_text.splitlines() if (m := OPTION.match(line))}


def main():
    # roff escapes a dash as \-; markdown has no such escape.
    document = open(sys.argv[1]).read().replace("\\-", "-")
    described = set(re.findall(r"(?<![\w-])-{1,2}[A-Za-z][\w-]*", document))
    options = set()
    for path in sys.argv[2:]:
        options |= options_in(open(path).read())
    if not options:
        print("no options found in the --help output")
        return 1
    missing = sorted(options - described)
    for option in missing:
        print(f"{sys.argv[1]}: error: {option} is in --help but not in this document")
    if missing:
        return 1
    print(f"{len(options)} options described")
    return 0


if __name__ == "__main__":
    sys.exit(main())
