#!/usr/bin/env python3
"""A small implementation of std085 §2-3 (context inflation and dynamic
density) for ctxconform's own tests: it speaks the process protocol
(adapters/process/PROTOCOL.md) on its own, counts in code points (unit
"runes", as Python's str does), and follows std085's constants exactly,
unless told to be wrong at ONE boundary by its first argument:

  correct     no fault (the control)
  merge500    merges hits exactly 500 apart: `gap <= 500` where the text
              says `(B.start - A.end) < MERGE_THRESHOLD`
  pad501      MAX_PADDING is 501: a short hit alone under a budget of 1052
              or more gets 501 on each side
  pad49       at the minimum viable window (150) pads 49 on each side,
              where the clamp to [50, 500] gives 50
  viable151   squeezes at a minimum viable size of 151: three hits under a
              budget of 450 keep two
  cap2501     without a budget, caps windows at 2501, not 2500
  literal     follows std085's text to the letter where it speaks and
              nothing more: §3.1's pseudo-code (a squeeze keeps
              Results.slice(0, SafeCount) in input order, each window is
              then MinViableSize 150, TargetPadding = (TargetWindowSize / 2)
              clamped to [50, 500]), §2.1.5's "strict truncation ... at the
              limit" on the right, and no validation of its input (a hit
              of an unknown document is passed over, offsets are clamped)
  crash90     correct, but exits (status 3) on a request of more than 90
              hits, as a program that crashes on large input: the
              requirements that send one are errored, the others judged
  hang90      correct, but never answers a request of more than 90 hits

Usage: inflate.py MODE
"""
import json
import sys

MERGE_THRESHOLD = 500
MIN_VIABLE = 150
MIN_PADDING, MAX_PADDING = 50, 500
STATIC_WINDOW, STATIC_PADDING = 2500, 200


class Refused(Exception):
    pass


def plan(mode, hits, budget):
    """(keep, window cap, padding, threshold) for hits under budget."""
    threshold = MERGE_THRESHOLD + 1 if mode == "merge500" else MERGE_THRESHOLD
    if budget is None:
        cap = STATIC_WINDOW + 1 if mode == "cap2501" else STATIC_WINDOW
        return len(hits), cap, STATIC_PADDING, threshold
    if budget <= 0:
        raise Refused("budget %d: must be positive" % budget)
    viable = MIN_VIABLE + 1 if mode == "viable151" else MIN_VIABLE
    keep = min(len(hits), budget // viable)
    if keep == 0:
        return 0, 0, 0, threshold
    w = budget // keep
    hi = MAX_PADDING + 1 if mode == "pad501" else MAX_PADDING
    pad = min(max((w - 50) // 2, MIN_PADDING), hi)
    if mode == "pad49" and pad == MIN_PADDING:
        pad = MIN_PADDING - 1
    return keep, w, pad, threshold


def validate(docs, hits):
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


def literal(req):
    """std085 §2-3 read literally (mode "literal")."""
    docs = {d.get("id"): d.get("body") or "" for d in req.get("documents") or []}
    hits = [h for h in req.get("hits") or [] if h.get("compound_id") in docs]
    budget = req.get("budget")
    if budget is None:
        keep, size = hits, STATIC_WINDOW
    elif len(hits) * MIN_VIABLE > budget:
        keep, size = hits[:max(budget, 0) // MIN_VIABLE], MIN_VIABLE  # SQUEEZE
    else:
        keep, size = hits, budget // max(len(hits), 1)  # EXPAND
    pad = STATIC_PADDING if budget is None else min(max(size // 2, MIN_PADDING), MAX_PADDING)
    kept_ids = {id(h) for h in keep}
    dropped = sorted(h.get("id", "") for h in req.get("hits") or [] if id(h) not in kept_ids)
    windows = []
    for cid in sorted({h["compound_id"] for h in keep}):
        body = docs[cid]
        group = sorted((h for h in keep if h["compound_id"] == cid), key=lambda h: h.get("start", 0))
        spans = []
        for h in group:
            s0 = min(max(h.get("start", 0), 0), len(body))
            e0 = min(max(h.get("end", 0), s0), len(body))
            if spans and s0 - spans[-1][1] < MERGE_THRESHOLD:
                spans[-1][1] = max(spans[-1][1], e0)
                spans[-1][2].append(h.get("id", ""))
                spans[-1][3] = max(spans[-1][3], h.get("score", 0))
            else:
                spans.append([s0, e0, [h.get("id", "")], h.get("score", 0)])
        for s0, e0, ids, score in spans:
            start, end = max(s0 - pad, 0), min(e0 + pad, len(body))
            end = min(end, start + size)  # strict truncation at the limit
            windows.append({"compound_id": cid, "start": start, "end": end, "hits": ids,
                            "score": score, "text": body[start:end]})
    windows.sort(key=lambda w: -w["score"])
    return {"windows": windows, "dropped": dropped}


def inflate(mode, req):
    if mode == "literal":
        return literal(req)
    docs = {d["id"]: d["body"] for d in req.get("documents") or []}
    hits = req.get("hits") or []
    validate(docs, hits)
    keep, cap, pad, threshold = plan(mode, hits, req.get("budget"))
    ranked = sorted(hits, key=lambda h: (-h["score"], h["compound_id"], h["start"], h["end"], h["id"]))
    kept, dropped = ranked[:keep], sorted(h["id"] for h in ranked[keep:])
    kept.sort(key=lambda h: (h["compound_id"], h["start"], h["end"], h["id"]))
    windows = []
    i = 0
    while i < len(kept):
        j = i
        while j < len(kept) and kept[j]["compound_id"] == kept[i]["compound_id"]:
            j += 1
        windows += place(docs[kept[i]["compound_id"]], kept[i]["compound_id"], kept[i:j], cap, pad, threshold)
        i = j
    windows.sort(key=lambda w: (-w["score"], w["compound_id"], w["start"], w["end"]))
    return {"windows": windows, "dropped": dropped}


def place(body, cid, hits, cap, pad, threshold):
    """Merge (§2.1.3), pad within the cap (§2.1.4-5), split gaps between
    neighbours: the windows of one compound's hits, in position order."""
    spans = []  # [start, end, hit ids, score]
    for h in hits:
        end = min(h["end"], h["start"] + cap)
        if spans:
            cur = spans[-1]
            if h["start"] < cur[0] and end <= cur[0]:
                holder = max(k for k in range(len(spans)) if spans[k][0] <= h["start"]) if spans[0][0] <= h["start"] else 0
                spans[holder][2].append(h["id"])
                spans[holder][3] = max(spans[holder][3], h["score"])
                continue
            if h["start"] - cur[1] < threshold and max(cur[1], end) - cur[0] <= cap:
                cur[1] = max(cur[1], end)
                cur[2].append(h["id"])
                cur[3] = max(cur[3], h["score"])
                continue
            spans.append([max(h["start"], cur[1]), end, [h["id"]], h["score"]])
        else:
            spans.append([h["start"], end, [h["id"]], h["score"]])
    out = []
    for s, e, ids, score in spans:
        left = right = pad
        room = cap - (e - s)
        if pad > room // 2:
            left = room // 2
            right = room - left
        out.append({"compound_id": cid, "start": s - min(left, s), "end": e + min(right, len(body) - e),
                    "hits": ids, "score": score})
    for k in range(1, len(spans)):
        mid = spans[k - 1][1] + (spans[k][0] - spans[k - 1][1]) // 2
        out[k - 1]["end"] = min(out[k - 1]["end"], mid)
        out[k]["start"] = max(out[k]["start"], mid)
    for w in out:
        w["text"] = body[w["start"]:w["end"]]
    return out


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "correct"
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "start":
            out = {"type": "started", "protocol": 1, "implementation": {
                "name": "faulty-inflate-" + mode, "version": "1", "language": "python",
                "unit": "runes", "standards": ["inflate", "density"]}}
        elif kind == "stop":
            break
        elif kind == "request" and msg.get("op") == "inflate":
            if mode in ("crash90", "hang90") and len(msg["request"].get("hits") or []) > 90:
                if mode == "crash90":
                    sys.exit(3)
                continue
            try:
                out = {"type": "result", "seq": msg["seq"], "result": inflate(mode, msg["request"])}
            except Refused as err:
                out = {"type": "error", "seq": msg["seq"], "error": {"kind": "invalid_request", "message": str(err)}}
        else:
            out = {"type": "error", "seq": msg.get("seq"), "error": {"kind": "not_implemented", "message": "op %r" % msg.get("op")}}
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
