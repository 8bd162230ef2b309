#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it starts, then
answers every request with a line that is not JSON."""
import json
import sys

standards = ["inflate", "density"]
if "--all" in sys.argv[1:]:  # declare every standard
    standards = ["inflate", "density", "assemble", "radial", "elastic", "fuzzy", "densify", "expand"]

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps({"type": "started", "protocol": 1, "implementation": {"name": "garbage", "version": "1", "unit": "bytes", "standards": standards}}), flush=True)
    elif msg["type"] == "request":
        print("Loading model weights... done", flush=True)
    else:
        break
