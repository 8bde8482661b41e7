"""The steps the test tools share: running a command, rewriting a test
program and the headers it includes."""

import os
import subprocess


class Failure(Exception):
    """A step failed; the message says which and how."""


def is_gcc(compiler):
    """Whether compiler (a path or name) is g++ rather than clang++."""
    return "clang" not in os.path.basename(compiler)


def run(command, what, timeout=120, env=None):
    """Runs command (what names it in a timeout's message), capturing its
    output as text."""
    try:
        result = subprocess.run(command, capture_output=True, text=True,
                                timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        raise Failure(f"{what}: timed out after {timeout} s\n  {' '.join(command)}")
    return result


def rewrite_jobs(args, output):
    """The (file, rewrite) pairs of rewriting args.source into output: each
    header goes to the same path relative to output as to the source, so
    that the rewritten source's quoted includes find the rewritten headers."""
    source_dir = os.path.dirname(os.path.abspath(args.source))
    jobs = [(args.source, output)]
    for header in args.header:
        relative = os.path.relpath(os.path.abspath(header), source_dir)
        jobs.append((header, os.path.join(os.path.dirname(output), relative)))
    return jobs


def rewrite_all(args, output, options):
    """Rewrites the source into output and each header beside it
    (rewrite_jobs). Returns output."""
    for source, target in rewrite_jobs(args, output):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        result = run([args.unawait, "rewrite", *options, source, "-o", target],
                     "unawait rewrite")
        if result.returncode != 0:
            raise Failure(f"unawait rewrite of {source} failed "
                          f"({result.returncode}):\n{result.stderr}")
    return output
