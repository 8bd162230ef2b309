#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it starts, then exits
at its first request without answering (as a program that crashes)."""
import json
import sys

standards = ["inflate", "density"]
if "--all" in sys.argv[1:]:  # declare every standard
    standards = ["inflate", "density", "assemble", "radial", "elastic", "fuzzy", "densify", "expand"]

for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        print(json.dumps({"type": "started", "protocol": 1, "implementation": {"name": "exit", "version": "1", "unit": "bytes", "standards": standards}}), flush=True)
    else:
        sys.exit(3)
