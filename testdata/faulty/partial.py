#!/usr/bin/env python3
"""A partial implementation for ctxconform's own tests: it declares the
elastic standard but provides only its radius (std105 §2.2, checked inputs
included); hydration and census are answered not_implemented. Every
requirement that needs them must be reported not implemented, never
failed."""
import json
import sys


def radius(req):
    budget, hits = req.get("budget"), req.get("hits")
    if not isinstance(budget, int) or budget <= 0:
        return None, "budget must be > 0"
    if not isinstance(hits, int) or hits < 0:
        return None, "hits must be >= 0"
    if hits == 0:
        return 0, None
    return min(max(budget // hits // 2, 200), 32000), None


for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "start":
        out = {"type": "started", "protocol": 1, "implementation": {"name": "partial", "version": "1", "unit": "bytes", "standards": ["elastic"]}}
    elif msg["type"] == "request":
        if msg["op"] == "elastic_radius":
            r, why = radius(msg["request"])
            if why is None:
                out = {"type": "result", "seq": msg["seq"], "result": {"radius": r}}
            else:
                out = {"type": "error", "seq": msg["seq"], "error": {"kind": "invalid_request", "message": why}}
        else:
            out = {"type": "error", "seq": msg["seq"], "error": {"kind": "not_implemented", "message": msg["op"] + " is not provided"}}
    else:
        break
    print(json.dumps(out), flush=True)
