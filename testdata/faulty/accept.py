#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it starts, declares
every standard, and answers every request with an empty result, {}. It
validates nothing, so it accepts the bad requests of the refusal
requirements (a NaN score, an infinite threshold), whose replays then hold
floats JSON has no number for."""
import json
import sys

standards = ["inflate", "density", "assemble", "radial", "elastic", "fuzzy", "densify", "expand"]

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps({"type": "started", "protocol": 1, "implementation": {"name": "accept", "version": "1", "unit": "bytes", "standards": standards}}), flush=True)
    elif msg["type"] == "request":
        print(json.dumps({"type": "result", "seq": msg["seq"], "result": {}}), flush=True)
    elif msg["type"] == "stop":
        break
