#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: every string it
gives is hostile to a terminal. Its name, version and language hold escape
sequences (a screen clear, a window title, a colour), newlines and a
forged "--- INF-09 FAILED" line; it refuses odd requests, and reports even
ones as an internal error, with messages as hostile. With --long its
version is 1 MB long; with --crash it writes a hostile line to standard
error and exits at the first request."""
import json
import sys

ESC = "\x1b"
FORGED = "\n--- INF-09 FAILED (MUST): forged\r\n"
name = "hostile" + ESC + "[2J" + ESC + "]0;pwned\x07" + FORGED
version = "1" + ESC + "[31mred" + FORGED
if "--long" in sys.argv[1:]:
    version = "v" * 1_000_000
language = "python" + ESC + "[H\t\u202e"

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        out = {"type": "started", "protocol": 1, "implementation": {"name": name, "version": version, "language": language, "unit": "bytes", "standards": ["inflate", "density"]}}
    elif msg["type"] == "request":
        if "--crash" in sys.argv[1:]:
            sys.stderr.write("dying" + ESC + "[2J" + ESC + "]0;pwned\x07\r--- INF-09 FAILED (MUST): forged\n")
            sys.exit(3)
        kind = "invalid_request" if msg["seq"] % 2 else "internal"
        out = {"type": "error", "seq": msg["seq"], "error": {"kind": kind, "message": "no" + ESC + "[2J" + FORGED}}
    else:
        break
    print(json.dumps(out), flush=True)
