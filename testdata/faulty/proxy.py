#!/usr/bin/env python3
"""A faulty implementation for ctxconform's own tests: it speaks the process
protocol (adapters/process/PROTOCOL.md) by relaying every message to a correct
implementation (the command after "--", the reference) and corrupts its
answers in ONE way, chosen by the first argument:

  surrogates  counts in UTF-16 (as JavaScript does) and moves a window edge
              next to an astral character (an emoji) one code unit inward,
              between the two halves of its surrogate pair; otherwise correct
  offbyone    a window that ends at the end of its document ends one past it
  wrongseq    answers with the next request's seq
  flaky       one answer in 20 has its last window end 64 past its document
  overrun     adds a "rendered" text: each window as "[id] ..." + text +
              "...", joined by blank lines, counting none of it
  nowindows600  answers no window at all when the budget is under 600 (and
              reports no hit dropped)
  stale       widens every window by 64 bytes on the right (within its
              document) and keeps the narrower window's text
  rare17      on a request of exactly 17 hits and no budget (a shape no
              edge case has and about one generated case in 300 has), moves
              the last window's end 64 past its document: generated cases
              find it on some seeds only (INF-01)

Usage: proxy.py MODE -- COMMAND ARGS...
"""
import json
import subprocess
import sys


def utf16_to_bytes(body, off):
    """Byte offset of UTF-16 offset off; off inside a pair gives a byte
    inside the character (so the request stays as bad as it was sent)."""
    b16 = body.encode("utf-16-le", "surrogatepass")
    n16 = len(b16) // 2
    if off < 0:
        return off
    if off > n16:
        return len(body.encode("utf-8", "surrogatepass")) + off - n16
    prefix = b16[: 2 * off].decode("utf-16-le", "surrogatepass")
    if prefix and "\ud800" <= prefix[-1] <= "\udbff":
        return len(prefix[:-1].encode("utf-8")) + 1
    return len(prefix.encode("utf-8", "surrogatepass"))


def bytes_to_utf16(body, off):
    raw = body.encode("utf-8")
    if off < 0 or off > len(raw):
        return off
    return len(raw[:off].decode("utf-8", "replace").encode("utf-16-le")) // 2


def main():
    mode = sys.argv[1]
    cmd = sys.argv[sys.argv.index("--") + 1:]
    child = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    answered = 0
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "start":
            # A version 1 program: it relays messages it understands only,
            # so it offers its child none of the protocol's capabilities.
            msg.pop("capabilities", None)
        docs = {}
        req = {}
        if kind == "request":
            req = msg.get("request") or {}
            docs = {d["id"]: d["body"] for d in req.get("documents") or []}
            if mode == "surrogates":
                for h in req.get("hits") or []:
                    body = docs.get(h.get("compound_id"), "")
                    h["start"] = utf16_to_bytes(body, h["start"])
                    h["end"] = utf16_to_bytes(body, h["end"])
        child.stdin.write((json.dumps(msg) + "\n").encode())
        child.stdin.flush()
        if kind == "stop":
            break
        out = json.loads(child.stdout.readline())
        if out.get("type") == "started" and mode == "surrogates":
            out["implementation"]["unit"] = "utf16"
        if out.get("type") == "result" and kind == "request":
            answered += 1
            corrupt(mode, out, docs, req, answered)
        if mode == "wrongseq" and "seq" in out:
            out["seq"] += 1
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    child.stdin.close()
    child.wait()


def corrupt(mode, out, docs, req, answered):
    res = out.get("result") or {}
    windows = res.get("windows") or []
    if mode == "surrogates":
        for w in windows:
            body = docs[w["compound_id"]]
            b16 = body.encode("utf-16-le", "surrogatepass")
            s = bytes_to_utf16(body, w["start"])
            e = bytes_to_utf16(body, w["end"])
            unit = lambda i: int.from_bytes(b16[2 * i: 2 * i + 2], "little")
            if s + 1 < e and 0xD800 <= unit(s) <= 0xDBFF:
                s += 1  # start between the halves of the pair at s
            if e - 1 > s and 0xDC00 <= unit(e - 1) <= 0xDFFF:
                e -= 1  # end between the halves of the pair before e
            w["start"], w["end"] = s, e
            w["text"] = b16[2 * s: 2 * e].decode("utf-16-le", "surrogatepass")
    elif mode == "offbyone":
        for w in windows:
            if w["end"] == len(docs[w["compound_id"]].encode("utf-8")):
                w["end"] += 1
    elif mode == "rare17":
        if len(req.get("hits") or []) == 17 and req.get("budget") is None and windows:
            w = windows[-1]
            w["end"] = len(docs[w["compound_id"]].encode("utf-8")) + 64
    elif mode == "flaky":
        if answered % 20 == 0 and windows:
            w = windows[-1]
            w["end"] = len(docs[w["compound_id"]].encode("utf-8")) + 64
    elif mode == "nowindows600":
        budget = req.get("budget")
        if budget is not None and budget < 600:
            res["windows"] = []
    elif mode == "stale":
        for w in windows:
            raw = docs[w["compound_id"]].encode("utf-8")
            end = min(w["end"] + 64, len(raw))
            while end > w["end"] and end < len(raw) and raw[end] & 0xC0 == 0x80:
                end -= 1
            w["end"] = end
    elif mode == "overrun":
        if windows:
            res["rendered"] = "\n\n".join("[%s] ...%s..." % (w["compound_id"], w["text"]) for w in windows)


if __name__ == "__main__":
    main()
