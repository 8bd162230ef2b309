#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it starts, then never
answers a request."""
import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps({"type": "started", "protocol": 1, "implementation": {"name": "hang", "version": "1", "unit": "bytes", "standards": ["inflate", "density"]}}), flush=True)
    elif msg["type"] == "stop":
        break
