#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it starts, then
answers every request with a line longer than the harness's 64 MiB cap
(70 MiB of a JSON string, then the newline). Started again after each,
it floods again: the harness's memory must stay bounded whatever the
number of such lines. With --both, it floods standard error too."""
import json
import sys

standards = ["inflate", "density"]
if "--all" in sys.argv[1:]:  # declare every standard
    standards = ["inflate", "density", "assemble", "radial", "elastic", "fuzzy", "densify", "expand"]
chunk = "x" * (1 << 20)
both = "--both" in sys.argv[1:]

def flood(out):
    out.write('{"type":"result","seq":1,"result":{"windows":"')
    for _ in range(70):
        out.write(chunk)
    out.write('"}}\n')
    out.flush()

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps({"type": "started", "protocol": 1, "implementation": {"name": "longlines", "version": "1", "unit": "bytes", "standards": standards}}), flush=True)
    elif msg["type"] == "request":
        if both:
            flood(sys.stderr)
        flood(sys.stdout)
    elif msg["type"] == "stop":
        break
