"""Prints the `scripts/review-frame-sizes.sh` command of the CI job in
docs/size-report.md, as one shell line, with GitHub's expressions and the
job's paths replaced: usage:
doc_job_command.py PAGE SRC_ROOT UNAWAIT RUNTIME_INCLUDE NAME=VALUE...

Each NAME=VALUE replaces `${{ github.NAME }}`; the script is run from
SRC_ROOT, `build/bin/unawait` becomes UNAWAIT and `runtime/include`
RUNTIME_INCLUDE. Fails when the page has no
such command, or an expression is left."""
import re
import sys


def job_command(page):
    block = re.search(r"```yaml\n(.*?)```", page, re.S).group(1)
    # The step is a folded scalar (`- run: >`): its lines joined by spaces.
    folded = re.search(r"- run: >\n((?:\s+.*\n)*?\s+scripts/review-frame-sizes\.sh(?:.*\n)+?)\s+- ", block)
    return " ".join(line.strip() for line in folded.group(1).splitlines())


def main():
    page, src_root, unawait, runtime_include, *variables = sys.argv[1:]
    command = job_command(open(page).read())
    for variable in variables:
        name, value = variable.split("=", 1)
        command = command.replace("${{ github.%s }}" % name, value)
    if "${{" in command:
        sys.exit(f"{page}: an expression is left in the job's command: {command}")
    command = command.replace("scripts/", src_root + "/scripts/", 1)
    command = command.replace("build/bin/unawait", unawait).replace("runtime/include", runtime_include)
    print(command)


if __name__ == "__main__":
    main()
