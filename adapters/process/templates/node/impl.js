#!/usr/bin/env node
'use strict';
// A template to copy: std085 dynamic density (standard "density": the
// budget's squeeze or expansion of the windows of context inflation) over
// ctxconform's process protocol (adapters/process/PROTOCOL.md).
//
// Replace inflate() with a call into your engine; keep the protocol part at
// the end. Offsets count code points (unit "runes"): a document is split
// into an array of code points once, so that no window cuts a character.
// The protocol's two capabilities are handled there too: "documents" (each
// document travels once, under a ref) and "bench" (the program times itself).

const readline = require('node:readline');

const MERGE_THRESHOLD = 500; // std085 §2.1.3: hits closer than this share a window
const MIN_VIABLE = 150; // §3.1: the smallest useful window
const MIN_PADDING = 50; // §3.2: padding is clamped to [50, 500]
const MAX_PADDING = 500;
const STATIC_WINDOW = 2500; // §3.2: no budget
const STATIC_PADDING = 200;

class Refused extends Error {}

function inflate(req) {
  const docs = new Map((req.documents || []).map((d) => [d.id, Array.from(d.body)]));
  const hits = req.hits || [];
  check(docs, hits);
  const [keep, cap, pad] = plan(hits.length, req.budget);
  // A squeeze keeps the best hits; ties are broken by position, so that the
  // answer does not depend on the order of the request.
  const ranked = [...hits].sort((a, b) => b.score - a.score || byPlace(a, b));
  const kept = ranked.slice(0, keep).sort(byPlace);
  const dropped = ranked.slice(keep).map((h) => h.id).sort(byText);
  const byDoc = new Map();
  for (const h of kept) {
    if (!byDoc.has(h.compound_id)) byDoc.set(h.compound_id, []);
    byDoc.get(h.compound_id).push(h);
  }
  const windows = [];
  for (const [id, group] of byDoc) windows.push(...place(docs.get(id), id, group, cap, pad));
  windows.sort((a, b) => b.score - a.score || byText(a.compound_id, b.compound_id) || a.start - b.start || a.end - b.end);
  return { windows, dropped };
}

const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const byPlace = (a, b) => byText(a.compound_id, b.compound_id) || a.start - b.start || a.end - b.end || byText(a.id, b.id);

function check(docs, hits) {
  const seen = new Set();
  for (const h of hits) {
    if (!h.id || seen.has(h.id)) throw new Refused(`hit id ${JSON.stringify(h.id)} empty or repeated`);
    seen.add(h.id);
    const body = docs.get(h.compound_id);
    if (body === undefined) throw new Refused(`hit ${h.id}: unknown compound ${JSON.stringify(h.compound_id)}`);
    if (!(h.start >= 0 && h.start <= h.end && h.end <= body.length)) throw new Refused(`hit ${h.id}: [${h.start}, ${h.end}) outside its document`);
  }
}

// plan is [hits kept, window cap, padding] for n hits under budget (§3).
function plan(n, budget) {
  if (budget === undefined || budget === null) return [n, STATIC_WINDOW, STATIC_PADDING];
  if (budget <= 0) throw new Refused(`budget ${budget}: must be positive`);
  const keep = Math.min(n, Math.floor(budget / MIN_VIABLE));
  if (keep === 0) return [0, 0, 0];
  const cap = Math.floor(budget / keep);
  return [keep, cap, Math.min(Math.max(Math.floor((cap - 50) / 2), MIN_PADDING), MAX_PADDING)];
}

// place is the windows of one document's hits (sorted by position): hits
// closer than 500 merge while they fit the cap, padding stays within the
// cap, and the gap between neighbours is split so that windows never overlap.
function place(body, id, hits, cap, pad) {
  const spans = []; // {start, end, hits, score}
  for (const h of hits) {
    const end = Math.min(h.end, h.start + cap);
    const cur = spans[spans.length - 1];
    if (cur && h.start < cur.start && end <= cur.start) { // inside an earlier span
      let holder = 0;
      spans.forEach((s, k) => { if (s.start <= h.start) holder = k; });
      spans[holder].hits.push(h.id);
      spans[holder].score = Math.max(spans[holder].score, h.score);
    } else if (cur && h.start - cur.end < MERGE_THRESHOLD && Math.max(cur.end, end) - cur.start <= cap) {
      cur.end = Math.max(cur.end, end);
      cur.hits.push(h.id);
      cur.score = Math.max(cur.score, h.score);
    } else {
      spans.push({ start: cur ? Math.max(h.start, cur.end) : h.start, end, hits: [h.id], score: h.score });
    }
  }
  const out = spans.map((s) => {
    const room = cap - (s.end - s.start);
    let [left, right] = [pad, pad];
    if (pad > Math.floor(room / 2)) [left, right] = [Math.floor(room / 2), room - Math.floor(room / 2)];
    return { compound_id: id, start: s.start - Math.min(left, s.start), end: s.end + Math.min(right, body.length - s.end), hits: s.hits, score: s.score };
  });
  for (let k = 1; k < spans.length; k++) {
    const mid = spans[k - 1].end + Math.floor((spans[k].start - spans[k - 1].end) / 2);
    out[k - 1].end = Math.min(out[k - 1].end, mid);
    out[k].start = Math.max(out[k].start, mid);
  }
  for (const w of out) w.text = body.slice(w.start, w.end).join('');
  return out;
}

const OPS = { inflate }; // add your other operations here

// The protocol: one JSON object per line on stdin and stdout.
const stored = new Map(); // capability "documents": ref -> document
const send = (msg) => process.stdout.write(JSON.stringify(msg) + '\n');
const lines = readline.createInterface({ input: process.stdin });
lines.on('close', () => process.exit(0)); // standard input closed: the harness is done
lines.on('line', (line) => {
  const msg = JSON.parse(line);
  const { type, seq } = msg;
  if (type === 'stop') process.exit(0);
  if (type === 'documents') { // no answer
    for (const ref of msg.drop || []) stored.delete(ref);
    for (const d of msg.add || []) stored.set(d.ref, { id: d.id, body: d.body, kind: d.kind });
    return;
  }
  if (type === 'start') {
    const offered = msg.capabilities || []; // use those offered, among ours
    return send({ type: 'started', protocol: 1, capabilities: ['documents', 'bench'].filter((c) => offered.includes(c)),
      implementation: { name: 'template-node', version: '0.1.0', language: 'javascript', unit: 'runes', standards: ['density'] } });
  }
  const op = OPS[msg.op];
  if (!op) return send({ type: 'error', seq, error: { kind: 'not_implemented', message: `op ${msg.op}` } });
  const req = msg.request;
  if (Array.isArray(msg.documents)) req.documents = msg.documents.map((ref) => stored.get(ref));
  try {
    if (type !== 'bench') return send({ type: 'result', seq, result: op(req) });
    // Capability "bench": time the operation on our own clock.
    for (let i = 0; i < msg.warmup; i++) op(req);
    let result;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < msg.iterations; i++) result = op(req);
    const elapsed = Number(process.hrtime.bigint() - t0);
    send({ type: 'result', seq, result, bench: { iterations: msg.iterations, elapsed_ns: elapsed, clock: 'process.hrtime.bigint' } });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    send({ type: 'error', seq, error: { kind: 'invalid_request', message: err.message } });
  }
});
