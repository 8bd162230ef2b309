#!/usr/bin/env python3
"""Programs that read the std085 Context Inflation Protocol §1-3 (window
assembly) another defensible way than ctxconform's reference, one reading a
mode, for ctxconform's own tests (specs/REQUIREMENTS.md, "The audit of the
readings (issue 27)"; readings085_test.go). Each speaks the process
protocol (adapters/process/PROTOCOL.md) by relaying every message to the
reference (the command after "--") and changes its answers to take ONE
other reading, chosen by the first argument:

  reference      no other reading (the control)
  by-score       lists each window's molecules best score first: the text
                 fixes no order for the molecules field: fails ASM-21
                 (REFERENCE)
  markers        hands the model each window as "..." + window + "...",
                 joined by blank lines ("rendered"), and counts none of it
                 against max_chars: fails ASM-19 (REFERENCE)
  five-percent   reads "Character Budget Adherence: <5% over-budget
                 assemblies" as leave to overrun now and then: when
                 max_chars is under every molecule and the reference answers
                 nothing, it answers the best molecule alone anyway: fails
                 ASM-04 (ROBUST), and stays under the 5% of ASM-06

Usage: proxy085.py MODE -- COMMAND ARGS...
"""
import json
import subprocess
import sys

MODES = ("reference", "by-score", "markers", "five-percent")


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in MODES or "--" not in sys.argv:
        sys.exit("usage: proxy085.py %s -- COMMAND ARGS..." % "|".join(MODES))
    cmd = sys.argv[sys.argv.index("--") + 1:]
    child = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "start":
            msg.pop("capabilities", None)  # relays only what it understands
        child.stdin.write((json.dumps(msg) + "\n").encode())
        child.stdin.flush()
        if kind == "stop":
            break
        out = json.loads(child.stdout.readline())
        if out.get("type") == "started":
            out["implementation"]["name"] = "readings085-proxy-" + mode
        if out.get("type") == "result" and kind == "request" and msg.get("op") == "assemble":
            change(mode, msg.get("request") or {}, out.get("result") or {})
        sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    child.stdin.close()
    child.wait()


def change(mode, req, res):
    results = res.get("results") or []
    mols = {m["id"]: m for m in req.get("molecules") or []}
    if mode == "by-score":
        for r in results:
            r["molecules"] = sorted(r.get("molecules") or [], key=lambda i: (-mols.get(i, {}).get("score", 0), i))
    elif mode == "markers":
        if results:
            res["rendered"] = "\n\n".join("..." + r["window"] + "..." for r in results)
    elif mode == "five-percent":
        if not results and mols:
            best = min(mols.values(), key=lambda m: (-m.get("score", 0), m["id"]))
            docs = {d["id"]: d["body"] for d in req.get("documents") or []}
            body = docs.get(best["source"], "").encode("utf-8")
            s, e = best["start_byte"], best["end_byte"]
            res["results"] = [{"window": body[s:e].decode("utf-8", "replace"), "source": best["source"],
                               "start_byte": s, "end_byte": e, "molecules": [best["id"]],
                               "inflation_strategy": "adjacent", "coherence_score": 1.0,
                               "score": best.get("score", 0)}]


if __name__ == "__main__":
    main()
