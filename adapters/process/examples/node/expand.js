'use strict';
// Dynamic candidate expansion (ADR-023): the density of a tool-usage graph
// decides how many candidates a hybrid search asks its semantic stage for.
//
//   density    = edges / (n·(n-1))      (directed, no self-loops, no repeats)
//   multiplier = 1.0 below two nodes, else 1.5 below 0.01, 2.0 below 0.10, 3.0
//   asked      = ceil(limit · multiplier)
//
// The search around it is the reference's (reference/expand/hybrid), so the
// answers agree to the bit: tools ranked by the cosine of hashed trigram
// vectors, then, on a growing or mature graph, re-ranked with personalised
// PageRank seeded on the semantic top hits. A port of reference/expand and
// reference/expand/hybrid: their package documentation has every rule.

const { bad, isInt, wellFormed } = require('./common.js');
const { isLetterOrDigit, lowerRune, compareCodePoints } = require('./unicode.js');

// ---- the graph and its multiplier ----

function checkID(what, id) {
  if (typeof id !== 'string' || id === '') bad(`${what}: empty tool ID`);
  if (!wellFormed(id)) bad(`${what}: tool ID ${JSON.stringify(id)} is not valid text`);
}

// graphOf builds the simple directed graph of a request: every node and edge
// end is a node; a repeated edge counts once, a self-loop not at all.
function graphOf(nodes = [], edges = []) {
  const g = { nodes: new Set(), edges: new Set(), neighbours: new Map() };
  const add = (id) => {
    g.nodes.add(id);
    if (!g.neighbours.has(id)) g.neighbours.set(id, new Set());
  };
  for (const id of nodes || []) {
    checkID('node', id);
    add(id);
  }
  for (const e of edges || []) {
    checkID(`edge ${JSON.stringify(e.from)}→${JSON.stringify(e.to)}`, e.from);
    checkID(`edge ${JSON.stringify(e.from)}→${JSON.stringify(e.to)}`, e.to);
    add(e.from);
    add(e.to);
    if (e.from === e.to) continue;
    g.edges.add(JSON.stringify([e.from, e.to]));
    g.neighbours.get(e.from).add(e.to); // the walk goes both ways
    g.neighbours.get(e.to).add(e.from);
  }
  return g;
}

// maturity compares integers, never the float density: density < 0.01
// ⇔ 100·edges < n·(n-1). BigInt keeps large graphs exact.
function maturity(g) {
  const n = BigInt(g.nodes.size);
  const e = BigInt(g.edges.size);
  if (n < 2n) return 'trivial';
  if (100n * e < n * (n - 1n)) return 'cold';
  if (10n * e < n * (n - 1n)) return 'growing';
  return 'mature';
}

const MULTIPLIERS = { trivial: 1.0, cold: 1.5, growing: 2.0, mature: 3.0 };

function expandMultiplier(req) {
  return { multiplier: MULTIPLIERS[maturity(graphOf(req.nodes, req.edges))] };
}

// ---- the semantic stage: hashed trigram vectors ----

const DIMS = 512;

// fnv1a is 32-bit FNV-1a of bytes.
function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

// embed counts the trigrams of text's words (runs of letters and digits,
// lower-cased, padded "  word "), hashed into DIMS buckets.
function embed(text) {
  const v = new Array(DIMS).fill(0);
  const words = [];
  let cur = [];
  for (const ch of text + ' ') {
    const c = ch.codePointAt(0);
    if (isLetterOrDigit(c)) cur.push(lowerRune(c));
    else if (cur.length) {
      words.push(cur);
      cur = [];
    }
  }
  for (const w of words) {
    const p = [0x20, 0x20, ...w, 0x20];
    for (let i = 0; i + 3 <= p.length; i++) {
      v[fnv1a(Buffer.from(String.fromCodePoint(p[i], p[i + 1], p[i + 2]), 'utf8')) % DIMS]++;
    }
  }
  return v;
}

// cosine of two count vectors; 0 if either is zero.
function cosine(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < DIMS; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

// ---- the graph stage: personalised PageRank ----

const DAMPING = 0.85;
const RESTART = 0.15; // 1 - DAMPING, written out: in JavaScript 1 - 0.85 is 0.15000000000000002
const TOLERANCE = 1e-12;
const MAX_ITERATIONS = 500;

// walker numbers the nodes in ID order, so every sum runs in a fixed order.
function walker(g) {
  const ids = [...g.nodes].sort(compareCodePoints);
  const index = new Map(ids.map((id, i) => [id, i]));
  const nbrs = ids.map((id) => [...g.neighbours.get(id)].map((v) => index.get(v)).sort((x, y) => x - y));
  return { ids, index, nbrs };
}

// pagerank restarting on one seed: x ← (1-d)·p + d·(Wx + p·dangling(x)).
function pagerank(w, seed) {
  const n = w.ids.length;
  const p = new Array(n).fill(0);
  p[seed] = 1;
  let x = [...p];
  let next = new Array(n).fill(0);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    let dangling = 0;
    for (let u = 0; u < n; u++) if (w.nbrs[u].length === 0) dangling += x[u];
    let diff = 0;
    for (let v = 0; v < n; v++) {
      let inflow = 0;
      for (const u of w.nbrs[v]) inflow += x[u] / w.nbrs[u].length;
      next[v] = RESTART * p[v] + DAMPING * (p[v] * dangling) + DAMPING * inflow;
      diff += Math.abs(next[v] - x[v]);
    }
    [x, next] = [next, x];
    if (diff <= TOLERANCE) break;
  }
  return x;
}

// graphScores: for each candidate, the mean over the seeds other than itself
// of PPR_seed(candidate) / degree(candidate), normalised by the largest.
function graphScores(g, cands, nSeeds) {
  const w = walker(g);
  const raw = new Array(cands.length).fill(0);
  const count = new Array(cands.length).fill(0);
  for (let s = 0; s < nSeeds; s++) {
    const si = w.index.get(cands[s].id);
    const x = si === undefined ? null : pagerank(w, si);
    cands.forEach((c, i) => {
      if (i === s) return;
      count[i]++;
      const ci = w.index.get(c.id);
      if (ci !== undefined && x && w.nbrs[ci].length > 0) raw[i] += x[ci] / w.nbrs[ci].length;
    });
  }
  let top = 0;
  raw.forEach((r, i) => {
    if (count[i] > 0) raw[i] = r / count[i];
    top = Math.max(top, raw[i]);
  });
  cands.forEach((c, i) => {
    c.graph = top > 0 ? raw[i] / top : 0;
  });
}

// ---- the hybrid search ----

const GRAPH_WEIGHT = 0.5;

function expand(req) {
  const tools = [...(req.tools || [])].sort((a, b) => compareCodePoints(a.id, b.id));
  tools.forEach((t, i) => {
    checkID(`tool ${i}`, t.id);
    if (!wellFormed(t.description || '')) bad(`description of ${JSON.stringify(t.id)} is not valid text`);
    if (i > 0 && tools[i - 1].id === t.id) bad(`duplicate tool ID ${JSON.stringify(t.id)}`);
  });
  const g = graphOf(req.nodes, req.edges);
  const limit = req.limit || 0;
  if (!isInt(limit) || limit < 0) bad(`negative limit ${limit}`);
  const m = maturity(g);
  const multiplier = MULTIPLIERS[m];
  const asked = Math.ceil(limit * multiplier);

  // Semantic stage: every tool by cosine with the query, ties by ID.
  if (!wellFormed(req.query)) bad('query is not valid text');
  const q = embed(req.query);
  if (q.every((x) => x === 0)) bad(`query ${JSON.stringify(req.query)} has no word to embed`);
  const cands = tools
    .map((t) => {
      const s = cosine(q, embed(t.id + ' ' + (t.description || '')));
      return { id: t.id, semantic: s, graph: 0, final: s };
    })
    .sort((a, b) => (a.semantic !== b.semantic ? b.semantic - a.semantic : compareCodePoints(a.id, b.id)))
    .slice(0, asked);

  // Graph stage, once the graph is growing: Final = (1-w)·Semantic + w·Graph.
  let final = cands;
  if ((m === 'growing' || m === 'mature') && cands.length > 0) {
    graphScores(g, cands, Math.min(limit, cands.length));
    for (const c of cands) c.final = (1 - GRAPH_WEIGHT) * c.semantic + GRAPH_WEIGHT * c.graph;
    final = [...cands].sort((a, b) => b.final - a.final || b.semantic - a.semantic || compareCodePoints(a.id, b.id));
  }
  return {
    ids: final.slice(0, limit).map((c) => c.id),
    asked,
    candidates: cands.map((c) => c.id),
    multiplier,
  };
}

module.exports = { expandMultiplier, expand };
