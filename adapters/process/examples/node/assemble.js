'use strict';
// Window assembly (std085 context inflation protocol §1–3): molecules of one
// document are joined into windows by adjacency, by filling short gaps, and
// by temporal, semantic and narrative links, within max_chars. Offsets and
// max_chars count UTF-16 code units.
//
// A port of reference/assemble (its package documentation has every rule):
//   1. blocks: maximal chains of overlapping molecules, kept or dropped whole;
//   2. keep blocks best first while they fit the budget;
//   3. join neighbouring kept blocks by the strongest links first, while the
//      gap's characters fit;
//   4. move each window's edges out to a boundary of the document's kind
//      (line or sentence), at most extend_limit away, if the budget allows.

const { bad, boundary, isInt, isFiniteNumber, cmp, documents } = require('./common.js');
const { compareCodePoints } = require('./unicode.js');

// The cascade of strategies, strongest first; a link's tier is its index.
const CASCADE = ['adjacent', 'gap_fill', 'temporal', 'semantic', 'narrative'];
const tier = (s) => CASCADE.indexOf(s); // 'single' is -1

function options(o = {}) {
  const c = {
    on: new Set(),
    gap: o.gap_limit || 0,
    window: o.time_window || 0,
    semMin: o.semantic_min || 0,
    extend: o.extend_limit || 0,
  };
  const s = o.strategy || '';
  if (s === '') CASCADE.forEach((x) => c.on.add(x));
  else if (tier(s) >= 0) c.on.add('adjacent').add(s);
  else bad(`unknown strategy ${JSON.stringify(s)}`);
  if (!isInt(c.gap) || c.gap < 0) bad(`gap_limit ${c.gap} is negative`);
  if (!isInt(c.window) || c.window < 0) bad(`time_window ${c.window} is negative`);
  if (!(c.semMin >= 0 && c.semMin <= 1)) bad(`semantic_min ${c.semMin} outside [0, 1]`);
  if (!isInt(c.extend)) bad(`extend_limit ${c.extend} is not an integer`);
  c.gap = c.gap || 500;
  c.window = c.window || 3600;
  c.semMin = c.semMin || 0.8;
  c.extend = c.extend || 500; // negative: extension off
  return c;
}

function checkMolecules(mols, docs) {
  const ids = new Set();
  let dim = 0;
  for (const m of mols) {
    const name = JSON.stringify(m.id);
    if (typeof m.id !== 'string' || m.id === '') bad('a molecule has an empty id');
    if (ids.has(m.id)) bad(`molecule ${name}: duplicate id`);
    ids.add(m.id);
    const d = docs.get(m.source);
    if (!d) bad(`molecule ${name}: unknown source ${JSON.stringify(m.source)}`);
    if (!isInt(m.start_byte) || !isInt(m.end_byte)) bad(`molecule ${name}: offsets must be integers`);
    if (m.start_byte < 0) bad(`molecule ${name}: start ${m.start_byte} is negative`);
    if (m.end_byte <= m.start_byte) bad(`molecule ${name}: empty or reversed range [${m.start_byte}, ${m.end_byte})`);
    if (m.end_byte > d.body.length) bad(`molecule ${name}: end ${m.end_byte} beyond its source (${d.body.length})`);
    if (!boundary(d.body, m.start_byte) || !boundary(d.body, m.end_byte)) bad(`molecule ${name}: an offset splits a character`);
    if (!isFiniteNumber(m.score)) bad(`molecule ${name}: score is not finite`);
    const v = m.vector || [];
    if (!v.every(isFiniteNumber)) bad(`molecule ${name}: vector is not finite`);
    if (v.length && dim && v.length !== dim) bad(`molecule ${name}: vector has ${v.length} dimensions, others ${dim}`);
    if (v.length) dim = v.length;
    if ((m.entities || []).some((e) => e === '')) bad(`molecule ${name}: empty entity`);
  }
}

// byteOrder orders molecules of one source: start, end, id.
const byteOrder = (a, b) => cmp(a.start_byte, b.start_byte) || cmp(a.end_byte, b.end_byte) || compareCodePoints(a.id, b.id);

// rank orders blocks and windows: score descending, then source, then start.
const rank = (a, b) => cmp(b.score, a.score) || compareCodePoints(a.source, b.source) || cmp(a.start, b.start);

function cosine(a, b) {
  const maxAbs = (v) => v.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  const sa = maxAbs(a);
  const sb = maxAbs(b);
  if (sa === 0 || sb === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] / sa;
    const y = b[i] / sb;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return Math.max(-1, Math.min(1, dot / (Math.sqrt(na) * Math.sqrt(nb))));
}

// jaccard of two entity sets; 0 when either is empty.
function jaccard(a = [], b = []) {
  if (!a.length || !b.length) return 0;
  const as = new Set(a);
  const bs = new Set(b);
  let inter = 0;
  for (const e of bs) if (as.has(e)) inter++;
  return inter / (as.size + bs.size - inter);
}

const clamp01 = (x) => Math.max(0, Math.min(1, x));

// pair is the link between b and its predecessor a (extent: the largest end
// before b): the first enabled strategy that applies, the best score.
function pair(c, extent, a, b) {
  const l = { pick: '', score: 0, gap: b.start_byte - extent };
  const attempt = (s, applies, score) => {
    if (!applies || !c.on.has(s)) return;
    if (l.pick === '') l.pick = s;
    l.score = Math.max(l.score, score);
  };
  attempt('adjacent', l.gap <= 0, 1);
  attempt('gap_fill', l.gap > 0 && l.gap < c.gap, 1 - l.gap / c.gap);
  const ta = a.timestamp || 0;
  const tb = b.timestamp || 0;
  if (ta !== 0 && tb !== 0 && Math.abs(ta - tb) <= c.window) attempt('temporal', true, 1 - Math.abs(ta - tb) / c.window);
  if ((a.vector || []).length && (b.vector || []).length) {
    const cos = cosine(a.vector, b.vector);
    attempt('semantic', cos >= c.semMin, clamp01(cos));
  }
  if (ta !== 0 && tb !== 0 && tb >= ta) {
    const j = jaccard(a.entities, b.entities);
    attempt('narrative', j > 0, j);
  }
  return l;
}

// describe: the window's label (the loosest link it needed) and coherence
// (the mean pair score), for molecules in byte order.
function describe(c, ms) {
  if (ms.length === 1) return { label: 'single', coherence: 1 };
  let label = 'single';
  let extent = ms[0].end_byte;
  let sum = 0;
  for (let i = 1; i < ms.length; i++) {
    const l = pair(c, extent, ms[i - 1], ms[i]);
    sum += l.score;
    if (l.pick !== '' && tier(l.pick) > tier(label)) label = l.pick;
    extent = Math.max(extent, ms[i].end_byte);
  }
  return { label, coherence: clamp01(sum / (ms.length - 1)) };
}

// Boundaries a window's edges move out to: line starts and ends for every
// kind, sentence starts (after ". ") and ends (". " or ".\n") for prose.
function isStart(kind, body, p) {
  if (p === 0 || body[p - 1] === '\n') return true;
  if (kind === 'code' || kind === 'data') return false;
  return p >= 2 && (body[p - 1] === ' ' || body[p - 1] === '\t') && '.!?'.includes(body[p - 2]);
}

function isEnd(kind, body, q) {
  if (q === body.length || body[q - 1] === '\n') return true;
  if (kind === 'code' || kind === 'data') return false;
  return '.!?'.includes(body[q - 1]) && ' \t\r\n'.includes(body[q]);
}

function leftEdge(kind, body, start, limit) {
  for (let p = start; p >= Math.max(0, start - limit); p--) if (isStart(kind, body, p)) return p;
  return start;
}

function rightEdge(kind, body, end, limit) {
  for (let q = end; q <= Math.min(body.length, end + limit); q++) if (isEnd(kind, body, q)) return q;
  return end;
}

// assemble answers one "assemble" request: { results }.
function assemble(req) {
  const c = options(req.options || {});
  if (!isInt(req.max_chars) || req.max_chars <= 0) bad(`max_chars ${req.max_chars} must be positive`);
  const docs = documents(req.documents);
  const mols = req.molecules || [];
  checkMolecules(mols, docs);

  // Step 1: blocks of overlapping molecules, per source.
  const bySource = new Map();
  for (const m of mols) {
    if (!bySource.has(m.source)) bySource.set(m.source, []);
    bySource.get(m.source).push(m);
  }
  const blocks = [];
  for (const [source, ms] of bySource) {
    ms.sort(byteOrder);
    let u = null;
    for (const m of ms) {
      if (u && m.start_byte < u.end) {
        u.mols.push(m);
        u.end = Math.max(u.end, m.end_byte);
        u.score = Math.max(u.score, m.score);
        continue;
      }
      u = { source, mols: [m], start: m.start_byte, end: m.end_byte, score: m.score };
      blocks.push(u);
    }
  }

  // Step 2: keep blocks by rank while they fit.
  blocks.sort(rank);
  let left = req.max_chars;
  const kept = new Map();
  for (const u of blocks) {
    if (u.end - u.start > left) continue;
    left -= u.end - u.start;
    if (!kept.has(u.source)) kept.set(u.source, []);
    kept.get(u.source).push(u);
  }

  // Step 3: links between neighbouring kept blocks, strongest first, while
  // their gaps fit.
  const edges = [];
  for (const [source, us] of kept) {
    us.sort((a, b) => cmp(a.start, b.start));
    for (let i = 0; i + 1 < us.length; i++) {
      const l = pair(c, us[i].end, us[i].mols[us[i].mols.length - 1], us[i + 1].mols[0]);
      if (l.pick !== '') edges.push({ source, i, l, at: us[i + 1].start });
      us[i].joined = false;
    }
  }
  edges.sort((x, y) => cmp(tier(x.l.pick), tier(y.l.pick)) || cmp(y.l.score, x.l.score) || cmp(x.l.gap, y.l.gap) ||
    compareCodePoints(x.source, y.source) || cmp(x.at, y.at));
  for (const e of edges) {
    const gap = Math.max(e.l.gap, 0);
    if (gap > left) continue;
    left -= gap;
    kept.get(e.source)[e.i].joined = true;
  }

  // Build the windows: a joined block continues the window before it.
  const wins = [];
  for (const [source, us] of kept) {
    let w = null;
    for (let i = 0; i < us.length; i++) {
      if (!w || !us[i - 1].joined) {
        const prev = w;
        w = { source, mols: [], start: us[i].start, end: us[i].end, score: us[i].score, prev, next: null };
        if (prev) prev.next = w;
        wins.push(w);
      }
      w.mols.push(...us[i].mols);
      w.end = us[i].end;
      w.score = Math.max(w.score, us[i].score);
    }
  }
  wins.sort(rank);

  // Step 4: move edges out to boundaries, in rank order, never touching a
  // neighbour, each edge all or nothing.
  if (c.extend > 0) {
    for (const w of wins) {
      const d = docs.get(w.source);
      const p = leftEdge(d.kind || '', d.body, w.start, c.extend);
      if (p < w.start && w.start - p <= left && (!w.prev || p > w.prev.end)) {
        left -= w.start - p;
        w.start = p;
      }
      const q = rightEdge(d.kind || '', d.body, w.end, c.extend);
      if (q > w.end && q - w.end <= left && (!w.next || q < w.next.start)) {
        left -= q - w.end;
        w.end = q;
      }
    }
  }

  const results = wins.map((w) => {
    const { label, coherence } = describe(c, w.mols);
    return {
      window: docs.get(w.source).body.slice(w.start, w.end),
      source: w.source,
      start_byte: w.start,
      end_byte: w.end,
      molecules: w.mols.map((m) => m.id),
      inflation_strategy: label,
      coherence_score: coherence,
      score: w.score,
    };
  });
  return { results };
}

module.exports = { assemble };
