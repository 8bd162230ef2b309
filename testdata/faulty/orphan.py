#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: its process exits
with status 3 while a child it started keeps its standard output (and
error) open, so the harness never sees the output close. "before": it
exits before the handshake; "after": it starts, then exits at the first
request."""
import json
import os
import sys
import time


def orphan_and_exit():
    if os.fork() == 0:
        time.sleep(120)  # the child holds stdout; the harness kills its group
        os._exit(0)
    sys.stderr.write("parent exiting, child keeps stdout\n")
    sys.stderr.flush()
    os._exit(3)


if sys.argv[1:] == ["before"]:
    orphan_and_exit()

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps({"type": "started", "protocol": 1, "implementation": {"name": "orphan", "version": "1", "unit": "bytes", "standards": ["inflate"]}}), flush=True)
    elif msg["type"] == "request":
        orphan_and_exit()
    elif msg["type"] == "stop":
        break
