'use strict';
// Elastic context (std105 §2, §4): the three phases of §2.3. The census finds
// the atoms whose labels equal a query term (case-insensitively); the radius
// is clamp(floor(budget/hits/2), 200, 32000); hydration cuts and merges the
// windows (radial.js) of the atoms the budget can serve, never spending more
// than the budget. Budgets, radii and costs count UTF-16 code units.
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

// elasticHydrate is phases 2 and 3: the radius for the distinct atoms, the
// best floor(budget / 2r) of them kept, their windows merged.
function elasticHydrate(req) {
  const budget = req.budget;
  if (!isInt(budget) || budget <= 0) bad(`budget ${budget}, want > 0`);
  const docs = documents(req.documents);
  radial.checkAtoms(docs, req.atoms || []);
  const ranked = radial.unique(req.atoms || []).sort(rank);
  const res = { budget, hits: ranked.length, radius: 0, capacity: 0, kept: [], dropped: [], windows: [], used: 0 };
  const r = radiusOf(budget, ranked.length);
  if (r === 0) return res;
  res.radius = r;
  res.capacity = Math.floor(budget / (2 * r));
  const n = Math.min(res.capacity, ranked.length);
  res.kept = ranked.slice(0, n);
  res.dropped = ranked.slice(n);
  if (n === 0) return res;
  res.windows = radial.windowsOf(docs, res.kept, r);
  res.used = res.windows.reduce((sum, w) => sum + w.cost, 0);
  return res;
}

module.exports = { elasticRadius, elasticCensus, elasticHydrate };
