'use strict';
// Elastic context (std105 §2, §4): the three phases of §2.3. The census finds
// the atoms whose labels equal a query term (case-insensitively); the radius
// is clamp(floor(budget/hits/2), 200, 32000); hydration cuts and merges the
// windows (radial.js) of the atoms the budget can serve, never spending more
// than the budget, and widens the radius for the atoms it keeps so that their
// windows fill it. Budgets, radii and costs count UTF-16 code units.
//
// A port of reference/elastic: its package documentation has every rule.

const { bad, isInt, cmp, documents } = require('./common.js');
const { lower, compareCodePoints } = require('./unicode.js');
const radial = require('./radial.js');

const MIN_RADIUS = 200;
const MAX_RADIUS = 32000;

// radiusOf is std105 §2.2; 0 hits give 0 (nothing to window).
function radiusOf(budget, hits) {
  if (!isInt(budget) || budget <= 0) bad(`budget ${budget}, want > 0`);
  if (!isInt(hits) || hits < 0) bad(`${hits} hits, want >= 0`);
  if (hits === 0) return 0;
  return Math.min(Math.max(Math.floor(budget / hits / 2), MIN_RADIUS), MAX_RADIUS);
}

function elasticRadius(req) {
  return { radius: radiusOf(req.budget, req.hits) };
}

// elasticCensus is phase 1: every atom whose label is a term in lower case,
// with score 1, each once.
function elasticCensus(req) {
  documents(req.documents);
  const terms = new Set((req.terms || []).map(lower));
  const found = radial.atomsOf(req.documents || []).filter((a) => terms.has(a.atom_label));
  return { atoms: radial.unique(found.map((a) => ({ ...a, score: 1 }))) };
}

// rank orders atoms best first: score, then compound, offset and label.
const rank = (a, b) => cmp(b.score || 0, a.score || 0) || compareCodePoints(a.compound_id, b.compound_id) ||
  cmp(a.byte_offset, b.byte_offset) || compareCodePoints(a.atom_label, b.atom_label);

// elasticHydrate is phases 2 and 3: it sizes the radius from the budget and
// the distinct atoms, decides which atoms the budget serves, and cuts and
// merges their windows, filling the budget as far as the documents allow:
//   1. the census radius r0 = radiusOf(budget, hits); when hits·2·r0 fits the
//      budget, every atom is kept;
//   2. otherwise (the floor of 200 contradicts the budget) the longest prefix
//      of the atoms, best first, whose merged windows at r0 fit is kept;
//   3. when not even the best atom fits at the floor (a budget under 400),
//      it is kept at the widest radius below 200 that fits and still holds it;
//   4. the radius is recomputed for the kept atoms: the widest, up to 32000,
//      at which their windows fit, then the narrowest that costs as much.
function elasticHydrate(req) {
  const budget = req.budget;
  if (!isInt(budget) || budget <= 0) bad(`budget ${budget}, want > 0`);
  const docs = documents(req.documents);
  radial.checkAtoms(docs, req.atoms || []);
  const ranked = radial.unique(req.atoms || []).sort(rank);
  const res = { budget, hits: ranked.length, radius: 0, capacity: 0, kept: [], dropped: [], windows: [], used: 0 };
  const r0 = radiusOf(budget, ranked.length);
  if (r0 === 0) return res;
  res.capacity = Math.floor(budget / (2 * r0));
  const cost = (atoms, r) => radial.windowsOf(docs, atoms, r).reduce((sum, w) => sum + w.cost, 0);
  const fits = (atoms, r) => cost(atoms, r) <= budget;

  let n = ranked.length;
  let r = r0;
  if (res.hits > res.capacity) {
    // Step 2: a prefix's cost grows with its length, so binary search.
    n = widest(0, n, (k) => fits(ranked.slice(0, k), r0));
    if (n === 0) [n, r] = yieldFloor(docs, ranked[0], fits);
  }
  res.kept = ranked.slice(0, n);
  res.dropped = ranked.slice(n);
  if (n === 0) {
    res.radius = r0;
    return res;
  }
  // Step 4: the widest radius that fits, then the narrowest as costly.
  let hi = widest(r, MAX_RADIUS, (x) => fits(res.kept, x));
  const most = cost(res.kept, hi);
  while (r < hi) {
    const mid = r + Math.floor((hi - r) / 2);
    if (cost(res.kept, mid) === most) hi = mid;
    else r = mid + 1;
  }
  res.radius = r;
  res.windows = radial.windowsOf(docs, res.kept, r);
  res.used = res.windows.reduce((sum, w) => sum + w.cost, 0);
  return res;
}

// widest is the largest x in [lo, hi] for which ok(x) holds, given that ok(lo)
// does and that ok only turns false as x grows.
function widest(lo, hi, ok) {
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo + 1) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// yieldFloor is step 3: [1, radius] for the widest radius below the floor at
// which the best atom's window fits and still holds the atom, else [0, 0].
function yieldFloor(docs, best, fits) {
  const r = widest(0, MIN_RADIUS - 1, (x) => fits([best], x));
  if (r === 0) return [0, 0];
  const ws = radial.windowsOf(docs, [best], r);
  if (ws.length !== 1 || best.byte_offset < ws[0].start || best.byte_offset >= ws[0].end) return [0, 0];
  return [1, r];
}

module.exports = { elasticRadius, elasticCensus, elasticHydrate };
