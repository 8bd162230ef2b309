#!/usr/bin/env python3
"""A small implementation of ADR-023 (dynamic candidate expansion) for
ctxconform's own tests: it speaks the process protocol
(adapters/process/PROTOCOL.md) on its own and follows the ADR's code
exactly, unless told to be wrong at ONE boundary by its first argument:

  correct          no fault (the control)
  cold-at-0.01     density exactly 0.01 is cold (`<= 0.01`): 1.5, not 2.0
  growing-at-0.10  density exactly 0.10 is growing (`<= 0.10`): 2.0, not 3.0
  two-nodes        `nodeCount <= 2` returns 1.0: two nodes joined both ways
                   (density 1) get 1.0, not 3.0
  refuse-self-loops  a graph with a self-loop is refused, as casys-pml's
                   graphology graph (allowSelfLoops: false) refuses it: a
                   reading the text leaves open, so only the REFERENCE
                   requirements about self-loops (EXP-06, EXP-07) fail

Its semantic stage ranks tools by the query's words found in their ID and
description (ties by ID) and its re-rank keeps that order: enough for the
requirements about the multiplier and the candidates asked for.

Usage: expand.py MODE
"""
import json
import math
import re
import sys


class Refused(Exception):
    pass


def counts(nodes, edges, mode="correct"):
    """Nodes (listed and edge ends) and distinct directed edges, self-loops
    left out: the graph's order and size."""
    if any(not n for n in nodes or []):
        raise Refused("empty node ID")
    names = set(nodes or [])
    pairs = set()
    for e in edges or []:
        if not e.get("from") or not e.get("to"):
            raise Refused("edge with an empty end")
        if mode == "refuse-self-loops" and e["from"] == e["to"]:
            raise Refused("self-loop on %s" % e["from"])
        names.update((e["from"], e["to"]))
        if e["from"] != e["to"]:
            pairs.add((e["from"], e["to"]))
    return len(names), len(pairs)


def multiplier(mode, nodes, edges):
    n, e = counts(nodes, edges, mode)
    if n < 2 or (mode == "two-nodes" and n <= 2):
        return 1.0
    possible = n * (n - 1)
    # density < 0.01 and < 0.10, on integers: 100e < n(n-1), 10e < n(n-1)
    cold = 100 * e <= possible if mode == "cold-at-0.01" else 100 * e < possible
    growing = 10 * e <= possible if mode == "growing-at-0.10" else 10 * e < possible
    if cold:
        return 1.5
    if growing:
        return 2.0
    return 3.0


def expand(mode, req):
    limit = req.get("limit", 0)
    if limit < 0:
        raise Refused("limit %d is negative" % limit)
    tools = req.get("tools") or []
    ids = [t.get("id") for t in tools]
    if any(not i for i in ids) or len(set(ids)) != len(ids):
        raise Refused("tool IDs must be non-empty and distinct")
    m = multiplier(mode, req.get("nodes"), req.get("edges"))
    asked = math.ceil(limit * m)
    words = set(re.findall(r"\w+", (req.get("query") or "").lower()))
    if not words:
        raise Refused("query has no word")

    def score(t):
        text = set(re.findall(r"\w+", (t["id"] + " " + t.get("description", "")).lower()))
        return len(words & text)

    ranked = sorted(tools, key=lambda t: (-score(t), t["id"]))
    candidates = [t["id"] for t in ranked[:asked]]
    return {"ids": candidates[:limit], "asked": asked, "candidates": candidates, "multiplier": m}


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "correct"
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "start":
            out = {"type": "started", "protocol": 1, "implementation": {
                "name": "faulty-expand-" + mode, "version": "1", "language": "python",
                "unit": "bytes", "standards": ["expand"]}}
        elif kind == "stop":
            break
        else:
            op, req = msg.get("op"), msg.get("request") or {}
            try:
                if op == "expand_multiplier":
                    res = {"multiplier": multiplier(mode, req.get("nodes"), req.get("edges"))}
                elif op == "expand":
                    res = expand(mode, req)
                else:
                    raise NotImplementedError(op)
                out = {"type": "result", "seq": msg["seq"], "result": res}
            except Refused as err:
                out = {"type": "error", "seq": msg["seq"], "error": {"kind": "invalid_request", "message": str(err)}}
            except NotImplementedError as err:
                out = {"type": "error", "seq": msg.get("seq"), "error": {"kind": "not_implemented", "message": "op %s" % err}}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
