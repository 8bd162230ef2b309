#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it refuses every
request as invalid, whatever it holds. It declares inflation and density,
or with --all every standard."""
import json
import sys

standards = ["inflate", "density"]
if "--all" in sys.argv[1:]:
    standards = ["inflate", "density", "assemble", "radial", "elastic", "fuzzy", "densify", "expand"]

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        out = {"type": "started", "protocol": 1, "implementation": {"name": "refuse-everything", "version": "1", "unit": "bytes", "standards": standards}}
    elif msg["type"] == "request":
        out = {"type": "error", "seq": msg["seq"], "error": {"kind": "invalid_request", "message": "refused"}}
    else:
        break
    print(json.dumps(out), flush=True)
