#!/usr/bin/env python3
"""Programs that read std085 §2-3 (context inflation and dynamic density)
another defensible way than ctxconform's reference, one reading a mode, for
ctxconform's own tests (specs/REQUIREMENTS.md, "The audit of the readings
(issue 27)"; readings085_test.go). Each speaks the process protocol
(adapters/process/PROTOCOL.md), counts in code points (unit "runes", as
Python's str does), and is the reference's algorithm (as in
testdata/faulty/inflate.py, mode correct) but for ONE reading, chosen by
its first argument:

  reference       no other reading (the control)
  pad-half        §3.1's TargetPadding = (TargetWindowSize / 2) clamped to
                  [50, 500], shrunk to fit the window, where the reference
                  pads (W - 50) / 2: fails DEN-08 (REFERENCE)
  input-order     a squeeze keeps Results.slice(0, SafeCount) in the order
                  the hits came: fails INF-17 (ROBUST)
  floor200        §3.2's MIN_WINDOW_CAP 200 as a floor of every window cap:
                  the windows of a squeeze (150) grow to 200 and overrun the
                  budget: fails DEN-13 (ROBUST)
  viable200       MIN_WINDOW_CAP 200 as the minimum viable size: a squeeze
                  keeps floor(B/200), and B < 200n squeezes: fails DEN-14
                  (REFERENCE)
  merge-previous  §2.1.3's MoleculeA is the molecule just before in start
                  order, not the window so far: a hit inside a long earlier
                  hit but 500 or more after the one before it starts a window
                  of its own, which overlaps: fails INF-03 (ROBUST)
  merge-overlaps  windows whose padding makes them overlap are joined (when
                  the cap allows) instead of splitting the gap, and without
                  a budget each side is padded by §3.1's (2500 / 2) clamped
                  to 500, not 200: hits 500 to 999 apart share a window:
                  fails INF-18 and INF-14 (REFERENCE)
  static-budget   §3.2's "If no budget is provided, defaults to 2500 chars"
                  read as the budget, not each window's cap: without a
                  budget, more than 16 hits squeeze and the windows share
                  2500: fails DEN-15 (and INF-14's exact windows, REFERENCE)
  markers         hands the model each window as "..." + text + "...",
                  joined by blank lines ("rendered"), and counts none of it
                  against the budget (std085 §5 leaves the final budgeting
                  to a later step): fails DEN-09 (REFERENCE)

  declares400     declares (PROTOCOL.md, "Declared configuration") a
                  merge_threshold of 400 and merges hits less than 400
                  apart: fails nothing (a configuration, not a fault)
  declares400-merges450
                  declares 400 but merges hits up to 450 apart: fails INF-08
  declares2600    declares a merge_threshold of 2600, outside the range
                  the harness accepts: refused before any request (exit 2)

Usage: inflate085.py MODE
"""
import json
import sys

MERGE_THRESHOLD = 500
MIN_VIABLE = 150
MIN_PADDING, MAX_PADDING = 50, 500
STATIC_WINDOW, STATIC_PADDING = 2500, 200
MIN_WINDOW_CAP = 200


MODES = ("reference", "pad-half", "input-order", "floor200", "viable200", "merge-previous", "merge-overlaps", "static-budget",
         "markers", "declares400", "declares400-merges450", "declares2600")
DECLARED = {"declares400": 400, "declares400-merges450": 400, "declares2600": 2600}  # merge_threshold
MERGES_BELOW = {"declares400": 400, "declares400-merges450": 451}


class Refused(Exception):
    pass


def plan(mode, hits, budget):
    """(keep, window cap, padding, threshold) for hits under budget."""
    threshold = MERGES_BELOW.get(mode, MERGE_THRESHOLD)
    if budget is None and mode == "static-budget":
        budget = STATIC_WINDOW
    if budget is None:
        pad = MAX_PADDING if mode == "merge-overlaps" else STATIC_PADDING
        return len(hits), STATIC_WINDOW, pad, threshold
    if budget <= 0:
        raise Refused("budget %d: must be positive" % budget)
    viable = MIN_WINDOW_CAP if mode == "viable200" else MIN_VIABLE
    keep = min(len(hits), budget // viable)
    if keep == 0:
        return 0, 0, 0, threshold
    w = budget // keep
    if mode == "floor200":
        w = max(w, MIN_WINDOW_CAP)
    if mode == "pad-half":
        pad = min(max(w // 2, MIN_PADDING), MAX_PADDING)
    else:
        pad = min(max((w - 50) // 2, MIN_PADDING), MAX_PADDING)
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


def inflate(mode, req):
    docs = {d["id"]: d["body"] for d in req.get("documents") or []}
    hits = req.get("hits") or []
    validate(docs, hits)
    keep, cap, pad, threshold = plan(mode, hits, req.get("budget"))
    ranked = sorted(hits, key=lambda h: (-h["score"], h["compound_id"], h["start"], h["end"], h["id"]))
    if mode == "input-order":
        ranked = list(hits)
    kept, dropped = ranked[:keep], sorted(h["id"] for h in ranked[keep:])
    kept.sort(key=lambda h: (h["compound_id"], h["start"], h["end"], h["id"]))
    windows = []
    i = 0
    while i < len(kept):
        j = i
        while j < len(kept) and kept[j]["compound_id"] == kept[i]["compound_id"]:
            j += 1
        windows += place(mode, docs[kept[i]["compound_id"]], kept[i]["compound_id"], kept[i:j], cap, pad, threshold)
        i = j
    windows.sort(key=lambda w: (-w["score"], w["compound_id"], w["start"], w["end"]))
    out = {"windows": windows, "dropped": dropped}
    if mode == "markers" and windows:
        out["rendered"] = "\n\n".join("..." + w["text"] + "..." for w in windows)
    return out


def place(mode, body, cid, hits, cap, pad, threshold):
    """Merge (§2.1.3), pad within the cap (§2.1.4-5), split gaps between
    neighbours: the windows of one compound's hits, in position order."""
    spans = []  # [start, end, hit ids, score]
    prev_end = None
    for h in hits:
        end = min(h["end"], h["start"] + cap)
        last_end, prev_end = prev_end, end
        if spans and mode == "merge-previous":
            cur = spans[-1]
            if h["start"] - last_end < threshold and max(cur[1], end) - cur[0] <= cap:
                cur[1] = max(cur[1], end)
                cur[2].append(h["id"])
                cur[3] = max(cur[3], h["score"])
            else:
                spans.append([h["start"], end, [h["id"]], h["score"]])
            continue
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
                    "hits": ids, "score": score, "span": [s, e]})
    if mode == "merge-overlaps":
        out = join_overlaps(out, cap)
    for k in range(1, len(out)):
        if mode == "merge-previous" and spans[k][0] < spans[k - 1][1]:
            continue  # nested: the windows overlap, no gap to split
        a, b = out[k - 1], out[k]
        mid = a["span"][1] + (b["span"][0] - a["span"][1]) // 2
        a["end"] = min(a["end"], mid)
        b["start"] = max(b["start"], mid)
    for w in out:
        del w["span"]
    for w in out:
        w["text"] = body[w["start"]:w["end"]]
    return out


def join_overlaps(out, cap):
    """Joins neighbouring windows that overlap when the joined window stays
    within the cap (mode merge-overlaps)."""
    joined = [out[0]] if out else []
    for w in out[1:]:
        cur = joined[-1]
        if w["start"] < cur["end"] and max(cur["end"], w["end"]) - cur["start"] <= cap:
            cur["end"] = max(cur["end"], w["end"])
            cur["hits"] = cur["hits"] + w["hits"]
            cur["score"] = max(cur["score"], w["score"])
            cur["span"] = [cur["span"][0], max(cur["span"][1], w["span"][1])]
        else:
            joined.append(w)
    return joined


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "reference"
    if mode not in MODES:
        sys.exit("usage: inflate085.py %s (got %r)" % ("|".join(MODES), mode))
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "start":
            out = {"type": "started", "protocol": 1, "implementation": {
                "name": "readings085-" + mode, "version": "1", "language": "python",
                "unit": "runes", "standards": ["inflate", "density"]}}
            if mode in DECLARED:
                out["implementation"]["config"] = {"merge_threshold": DECLARED[mode]}
        elif kind == "stop":
            break
        elif kind == "request" and msg.get("op") == "inflate":
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
