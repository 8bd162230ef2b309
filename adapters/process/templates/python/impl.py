#!/usr/bin/env python3
"""A template to copy: std085 context inflation (standard "inflate") over
ctxconform's process protocol (adapters/process/PROTOCOL.md).

Replace inflate() with a call into your engine; keep main(). Offsets count
code points (unit "runes"), as Python's str does. The protocol part is
main() and its two capabilities: "documents" (each document travels once,
under a ref) and "bench" (the harness asks the program to time itself).
"""
import json
import sys
import time

MERGE_THRESHOLD = 500          # std085 §2.1.3: hits closer than this share a window
MIN_VIABLE = 150               # §3.1: the smallest useful window
MIN_PADDING, MAX_PADDING = 50, 500   # §3.2: padding is clamped to [50, 500]
STATIC_WINDOW, STATIC_PADDING = 2500, 200  # §3.2: no budget


class Refused(Exception):
    """A request that breaks the standard's input rules."""


def inflate(req):
    docs = {d["id"]: d["body"] for d in req.get("documents") or []}
    hits = req.get("hits") or []
    check(docs, hits)
    keep, cap, pad = plan(len(hits), req.get("budget"))
    # A squeeze keeps the best hits; ties are broken by position, so that
    # the answer does not depend on the order of the request.
    ranked = sorted(hits, key=lambda h: (-h["score"], h["compound_id"], h["start"], h["end"], h["id"]))
    kept, dropped = ranked[:keep], sorted(h["id"] for h in ranked[keep:])
    by_doc = {}
    for h in sorted(kept, key=lambda h: (h["compound_id"], h["start"], h["end"], h["id"])):
        by_doc.setdefault(h["compound_id"], []).append(h)
    windows = []
    for cid, group in by_doc.items():
        windows += place(docs[cid], cid, group, cap, pad)
    windows.sort(key=lambda w: (-w["score"], w["compound_id"], w["start"], w["end"]))
    return {"windows": windows, "dropped": dropped}


def check(docs, hits):
    seen = set()
    for h in hits:
        if not h.get("id") or h["id"] in seen:
            raise Refused("hit id %r empty or repeated" % h.get("id"))
        seen.add(h["id"])
        body = docs.get(h.get("compound_id"))
        if body is None:
            raise Refused("hit %r: unknown compound %r" % (h["id"], h.get("compound_id")))
        if not 0 <= h["start"] <= h["end"] <= len(body):
            raise Refused("hit %r: [%d, %d) outside its document" % (h["id"], h["start"], h["end"]))


def plan(n, budget):
    """(hits kept, window cap, padding) for n hits under budget (§3)."""
    if budget is None:
        return n, STATIC_WINDOW, STATIC_PADDING
    if budget <= 0:
        raise Refused("budget %d: must be positive" % budget)
    keep = min(n, budget // MIN_VIABLE)
    if keep == 0:
        return 0, 0, 0
    cap = budget // keep
    return keep, cap, min(max((cap - 50) // 2, MIN_PADDING), MAX_PADDING)


def place(body, cid, hits, cap, pad):
    """The windows of one document's hits (sorted by position): merge hits
    closer than 500 while they fit the cap, pad within the cap, and split the
    gap between neighbours so that windows never overlap."""
    spans = []  # [start, end, hit ids, best score]
    for h in hits:
        end = min(h["end"], h["start"] + cap)
        if spans:
            cur = spans[-1]
            if h["start"] < cur[0] and end <= cur[0]:  # inside an earlier span
                holder = max([k for k in range(len(spans)) if spans[k][0] <= h["start"]] or [0])
                spans[holder][2].append(h["id"])
                spans[holder][3] = max(spans[holder][3], h["score"])
                continue
            if h["start"] - cur[1] < MERGE_THRESHOLD and max(cur[1], end) - cur[0] <= cap:
                cur[1] = max(cur[1], end)
                cur[2].append(h["id"])
                cur[3] = max(cur[3], h["score"])
                continue
            spans.append([max(h["start"], cur[1]), end, [h["id"]], h["score"]])
        else:
            spans.append([h["start"], end, [h["id"]], h["score"]])
    out = []
    for s, e, ids, score in spans:
        room = cap - (e - s)
        left = right = pad
        if pad > room // 2:
            left, right = room // 2, room - room // 2
        out.append({"compound_id": cid, "start": s - min(left, s), "end": e + min(right, len(body) - e),
                    "hits": ids, "score": score})
    for k in range(1, len(spans)):
        mid = spans[k - 1][1] + (spans[k][0] - spans[k - 1][1]) // 2
        out[k - 1]["end"] = min(out[k - 1]["end"], mid)
        out[k]["start"] = max(out[k]["start"], mid)
    for w in out:
        w["text"] = body[w["start"]:w["end"]]
    return out


OPS = {"inflate": inflate}  # add your other operations here


def main():
    stored = {}  # capability "documents": ref -> document
    for line in sys.stdin:
        msg = json.loads(line)
        kind, seq = msg.get("type"), msg.get("seq")
        if kind == "stop":
            break
        if kind == "documents":  # no answer
            for ref in msg.get("drop") or []:
                stored.pop(ref, None)
            for d in msg.get("add") or []:
                stored[d["ref"]] = {k: d[k] for k in ("id", "body", "kind") if k in d}
            continue
        if kind == "start":
            offered = msg.get("capabilities") or []  # use those offered, among ours
            out = {"type": "started", "protocol": 1, "capabilities": [c for c in ("documents", "bench") if c in offered],
                   "implementation": {"name": "template-python", "version": "0.1.0", "language": "python",
                                      "unit": "runes", "standards": ["inflate"]}}
        elif msg.get("op") not in OPS:
            out = {"type": "error", "seq": seq, "error": {"kind": "not_implemented", "message": "op %r" % msg.get("op")}}
        else:
            req, op = msg["request"], OPS[msg["op"]]
            if msg.get("documents") is not None:
                req["documents"] = [stored[ref] for ref in msg["documents"]]
            try:
                if kind == "bench":  # capability "bench": time the operation on our own clock
                    for _ in range(msg["warmup"]):
                        op(req)
                    t0 = time.perf_counter_ns()
                    for _ in range(msg["iterations"]):
                        result = op(req)
                    out = {"type": "result", "seq": seq, "result": result, "bench": {
                        "iterations": msg["iterations"], "elapsed_ns": time.perf_counter_ns() - t0,
                        "clock": "time.perf_counter_ns"}}
                else:
                    out = {"type": "result", "seq": seq, "result": op(req)}
            except Refused as err:
                out = {"type": "error", "seq": seq, "error": {"kind": "invalid_request", "message": str(err)}}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
