"""Runs a command with its standard error on a pseudo-terminal, as a user's
shell would, and prints what it wrote there with the control characters
spelled out (\\r, \\e), one progress update per line (its standard output
is discarded):

    stderr_on_terminal.py COMMAND ARGS...
exits with the command's status.
"""
import os
import pty
import subprocess
import sys
import tty


def read_all(fd):
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the terminal's other side closed (Linux: EIO)
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode(errors="replace")


def main():
    leader, follower = pty.openpty()
    tty.setraw(follower)  # no \n -> \r\n translation: show the bytes written
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    text = read_all(leader)
    status = process.wait()
    print(text.replace("\r", "\n\\r").replace("\x1b", "\\e"))
    return status


if __name__ == "__main__":
    sys.exit(main())
