"""Every keyword that unawait_rewrite_sources() and unawait_rewrite() parse
(cmake_parse_arguments in cmake/UnawaitRewrite.cmake) is named in the
document, and every keyword of those functions' calls in the document's
cmake blocks is one they parse: usage:
check_cmake_keywords_documented.py UnawaitRewrite.cmake DOCUMENT

Prints each mismatch and exits 1, or prints how many keywords it checked."""
import re
import sys

PUBLIC = ("unawait_rewrite_sources", "unawait_rewrite")


def parsed_keywords(module):
    """Function name -> the keywords its cmake_parse_arguments declares."""
    keywords = {}
    for function in re.split(r"^function\(", module, flags=re.M)[1:]:
        name = re.match(r"\w+", function).group(0)
        parse = re.search(r"cmake_parse_arguments\(([^)]*)\)", function)
        if name in PUBLIC and parse:
            lists = re.findall(r'"([^"]*)"', parse.group(1))
            keywords[name] = {k for each in lists for k in each.split(";") if k}
    return keywords


def documented_calls(document):
    """Function name -> the upper-case words of its calls in cmake blocks."""
    calls = {}
    for block in re.findall(r"```cmake\n(.*?)```", document, re.S):
        for name, body in re.findall(r"\b(unawait_rewrite(?:_sources)?)\(([^)]*)\)", block):
            words = re.findall(r"(?<![\w${/.-])([A-Z][A-Z_]+)\b", re.sub(r"#.*", "", body))
            calls.setdefault(name, set()).update(words)
    return calls


def main():
    module, document = (open(path).read() for path in sys.argv[1:3])
    keywords = parsed_keywords(module)
    if set(keywords) != set(PUBLIC):
        print(f"found the keywords of {sorted(keywords)}, not of {list(PUBLIC)}")
        return 1
    errors = []
    for name, words in keywords.items():
        errors += [f"{name}: {w} is parsed but not in {sys.argv[2]}"
                   for w in sorted(words) if not re.search(rf"\b{w}\b", document)]
    for name, words in documented_calls(document).items():
        errors += [f"{name}: {w} is in {sys.argv[2]} but not parsed"
                   for w in sorted(words - keywords[name])]
    for error in errors:
        print(f"error: {error}")
    if errors:
        return 1
    print(f"{sum(map(len, keywords.values()))} keywords described")
    return 0


if __name__ == "__main__":
    sys.exit(main())
