#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it starts, then
answers every request with a line that is not JSON."""
import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps({"type": "started", "protocol": 1, "implementation": {"name": "garbage", "version": "1", "unit": "bytes", "standards": ["inflate", "density"]}}), flush=True)
    elif msg["type"] == "request":
        print("Loading model weights... done", flush=True)
    else:
        break
