'use strict';
// Context inflation (std085 §2) under dynamic density (std085 §3), written
// the way a JavaScript engine would: offsets and lengths count UTF-16 code
// units, the unit of JavaScript strings. The harness converts to and from
// its own unit (bytes of UTF-8) because the implementation says "utf16" in
// its start handshake.
//
// This is a port of ctxconform's reference (reference/inflate and
// reference/density), kept short so it can serve as a template.

const MIN_VIABLE = 150;
const MIN_PADDING = 50;
const MAX_PADDING = 500;
const THRESHOLD = 500;
const STATIC_WINDOW = 2500;
const STATIC_PADDING = 200;

const { InvalidRequest, bad, boundary, floor, ceil, wellFormed, isInt, cmp, KINDS } = require('./common.js');

function validate(req) {
  const docs = req.documents || [];
  const hits = req.hits || [];
  const bodies = new Map();
  for (const d of docs) {
    if (typeof d.id !== 'string' || d.id === '') bad('document with an empty id');
    if (bodies.has(d.id)) bad(`document ${JSON.stringify(d.id)}: duplicate id`);
    if (typeof d.body !== 'string' || !wellFormed(d.body)) bad(`document ${JSON.stringify(d.id)}: body is not valid text`);
    if (!KINDS.has(d.kind || '')) bad(`document ${JSON.stringify(d.id)}: unknown kind ${JSON.stringify(d.kind)}`);
    bodies.set(d.id, d.body);
  }
  const ids = new Set();
  for (const h of hits) {
    const name = JSON.stringify(h.id);
    if (typeof h.id !== 'string' || h.id === '') bad('hit with an empty id');
    if (ids.has(h.id)) bad(`hit ${name}: duplicate id`);
    ids.add(h.id);
    const body = bodies.get(h.compound_id);
    if (body === undefined) bad(`hit ${name}: compound ${JSON.stringify(h.compound_id)} not found`);
    if (typeof h.score !== 'number' || !Number.isFinite(h.score)) bad(`hit ${name}: score is not a finite number`);
    if (!isInt(h.start) || !isInt(h.end)) bad(`hit ${name}: offsets must be integers`);
    if (h.start < 0) bad(`hit ${name}: start ${h.start} is negative`);
    if (h.end < h.start) bad(`hit ${name}: end ${h.end} before start ${h.start}`);
    if (h.end > body.length) bad(`hit ${name}: end ${h.end} beyond the end of its compound (${body.length})`);
    if (!boundary(body, h.start) || !boundary(body, h.end)) bad(`hit ${name}: an offset splits a character`);
  }
  if (req.budget !== undefined && req.budget !== null && (!isInt(req.budget) || req.budget <= 0)) {
    bad(`budget ${req.budget}: must be a positive integer`);
  }
  return bodies;
}

// plan is std085 §3: how many hits survive, the window cap W and the padding.
function plan(hits, budget) {
  if (budget === undefined || budget === null) {
    return { keep: hits, cap: STATIC_WINDOW, padding: STATIC_PADDING };
  }
  const keep = Math.min(hits, Math.floor(budget / MIN_VIABLE));
  if (keep === 0) return { keep: 0, cap: 0, padding: 0 };
  const cap = Math.floor(budget / keep);
  const padding = Math.min(Math.max(Math.floor((cap - 50) / 2), MIN_PADDING), MAX_PADDING);
  return { keep, cap, padding };
}

// rank orders hits best first: score, then compound, start, end, id.
function rank(a, b) {
  return cmp(b.score, a.score) || cmp(a.compound_id, b.compound_id) || cmp(a.start, b.start) ||
    cmp(a.end, b.end) || cmp(a.id, b.id);
}

// windowsOf builds the windows of one compound (std085 §2.1).
function windowsOf(id, body, hits, p) {
  hits.sort((a, b) => cmp(a.start, b.start) || cmp(a.end, b.end) || cmp(a.id, b.id));
  const spans = [];
  for (const h of hits) {
    let end = h.end;
    if (end - h.start > p.cap) end = floor(body, h.start + p.cap); // strict truncation, right side
    const cur = spans[spans.length - 1];
    if (cur && h.start < cur.s && end <= cur.s) {
      // The open span was moved up to the end of the one before it and h lies
      // wholly before it: h belongs to the span that holds its start.
      let j = spans.length - 2;
      while (j > 0 && spans[j].s > h.start) j--;
      spans[j].hits.push(h.id);
      spans[j].score = Math.max(spans[j].score, h.score);
      continue;
    }
    if (cur && h.start - cur.e < THRESHOLD && Math.max(cur.e, end) - cur.s <= p.cap) {
      cur.e = Math.max(cur.e, end);
      cur.hits.push(h.id);
      cur.score = Math.max(cur.score, h.score);
      continue;
    }
    spans.push({ s: cur ? Math.max(h.start, cur.e) : h.start, e: end, hits: [h.id], score: h.score });
  }
  const out = spans.map((sp) => {
    let left = p.padding;
    let right = p.padding;
    const room = p.cap - (sp.e - sp.s);
    if (p.padding > Math.floor(room / 2)) {
      left = Math.floor(room / 2);
      right = room - left;
    }
    return {
      compound_id: id,
      start: sp.s - Math.min(left, sp.s),
      end: sp.e + Math.min(right, body.length - sp.e),
      hits: sp.hits,
      score: sp.score,
    };
  });
  for (let i = 1; i < spans.length; i++) {
    // Neighbours split the gap between their spans: no text twice.
    const mid = spans[i - 1].e + Math.floor((spans[i].s - spans[i - 1].e) / 2);
    out[i - 1].end = Math.min(out[i - 1].end, mid);
    out[i].start = Math.max(out[i].start, mid);
  }
  for (const w of out) {
    w.start = ceil(body, w.start);
    w.end = floor(body, w.end);
    w.text = body.slice(w.start, w.end);
  }
  return out;
}

// inflate answers one "inflate" request: { windows, dropped }.
function inflate(req) {
  const bodies = validate(req);
  const hits = req.hits || [];
  const p = plan(hits.length, req.budget);
  const ranked = [...hits].sort(rank);
  const kept = ranked.slice(0, p.keep);
  const dropped = ranked.slice(p.keep).map((h) => h.id).sort(cmp);
  const byCompound = new Map();
  for (const h of kept) {
    if (!byCompound.has(h.compound_id)) byCompound.set(h.compound_id, []);
    byCompound.get(h.compound_id).push(h);
  }
  const windows = [];
  for (const [id, group] of byCompound) windows.push(...windowsOf(id, bodies.get(id), group, p));
  windows.sort((a, b) => cmp(b.score, a.score) || cmp(a.compound_id, b.compound_id) || cmp(a.start, b.start) ||
    cmp(a.end, b.end) || cmp(a.hits[0], b.hits[0]));
  const rendered = render(windows, bodies, req.budget);
  return dropped.length ? { windows, dropped, rendered } : { windows, rendered };
}

const MARKER = '...';
const SEPARATOR = '\n\n';

// render is the text handed to the model (the optional "rendered" field,
// checked by INF-16 and DEN-09): the windows in answer order, separated by a
// blank line, each with MARKER where its document goes on before or after it
// (std085 §4). Markers and separators count against the budget like the
// text: where they do not fit in what the windows leave of it, they are left
// out, and the windows' own text always stays.
function render(windows, bodies, budget) {
  const bare = windows.reduce((n, w) => n + w.text.length, 0);
  let room = budget === undefined || budget === null ? Infinity : budget - bare;
  let out = ''; // built by +=, which V8 keeps as a rope until it is sent
  windows.forEach((w, i) => {
    let s = w.text;
    const sep = i > 0 && room >= SEPARATOR.length ? SEPARATOR : '';
    room -= sep.length;
    if (w.start > 0 && room >= MARKER.length) {
      s = MARKER + s;
      room -= MARKER.length;
    }
    if (w.end < bodies.get(w.compound_id).length && room >= MARKER.length) {
      s += MARKER;
      room -= MARKER.length;
    }
    out += sep + s;
  });
  return out;
}

module.exports = { inflate, InvalidRequest };
