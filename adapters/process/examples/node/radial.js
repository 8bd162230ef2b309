'use strict';
// Radial lazy inflation (std085 context inflation protocol §5): atoms
// (keyword positions) recorded at ingest (§5.1), a window of radius r around
// each atom, whole lines or blocks for code (§5.3), merged where windows
// overlap or touch (§5.4), and the 70/30 split of a query's budget (§5.5).
// Offsets, radii and costs count UTF-16 code units.
//
// A port of reference/radial: its package documentation has every rule.

const { bad, boundary, floor, ceil, isInt, isFiniteNumber, cmp, documents } = require('./common.js');
const { isLetterOrDigit, lower, compareCodePoints } = require('./unicode.js');

// ---- §5.1 atoms ----

// compareAtoms is the canonical order: compound, offset, label, then the
// higher score first.
const compareAtoms = (a, b) => compareCodePoints(a.compound_id, b.compound_id) || cmp(a.byte_offset, b.byte_offset) ||
  compareCodePoints(a.atom_label, b.atom_label) || cmp(b.score || 0, a.score || 0);

// unique sorts atoms canonically and merges identical ones (same compound,
// label and offset), keeping the highest score.
function unique(atoms) {
  const sorted = [...atoms].sort(compareAtoms);
  const same = (a, b) => a.compound_id === b.compound_id && a.byte_offset === b.byte_offset && a.atom_label === b.atom_label;
  return sorted.filter((a, i) => i === 0 || !same(sorted[i - 1], a)); // the first of a run scores highest
}

function checkAtoms(docs, atoms) {
  for (const a of [...atoms].sort(compareAtoms)) {
    const name = `atom ${JSON.stringify(a.atom_label)}@${a.compound_id}:${a.byte_offset}`;
    const d = docs.get(a.compound_id);
    if (!d) bad(`${name}: unknown compound ${JSON.stringify(a.compound_id)}`);
    if (!isInt(a.byte_offset) || a.byte_offset < 0 || a.byte_offset >= d.body.length) {
      bad(`${name}: offset outside the body [0, ${d.body.length})`);
    }
    if (!boundary(d.body, a.byte_offset)) bad(`${name}: offset splits a character`);
    if (a.score !== undefined && !isFiniteNumber(a.score)) bad(`${name}: score is not finite`);
  }
}

// atomsOf records an atom at the start of every keyword of every document:
// a maximal run of letters and digits, labelled in lower case.
function atomsOf(docs) {
  const atoms = [];
  for (const d of docs) {
    let start = -1;
    let i = 0;
    for (const ch of d.body + ' ') {
      if (isLetterOrDigit(ch.codePointAt(0))) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        atoms.push({ compound_id: d.id, atom_label: lower(d.body.slice(start, i)), byte_offset: start });
        start = -1;
      }
      i += ch.length;
    }
  }
  return atoms;
}

// ---- §5.3 cost and code windows ----

const SPACE = /^\p{White_Space}$/u;

// cost is what text counts against a budget: its length, except that white
// space in code is free.
function cost(kind, text) {
  if (kind !== 'code') return text.length;
  let n = 0;
  for (const ch of text) if (!SPACE.test(ch)) n += ch.length;
  return n;
}

// indentWidth of a line: spaces count 1, a tab moves to the next multiple of 8.
function indentWidth(line) {
  let w = 0;
  for (const ch of line) {
    if (ch === ' ') w++;
    else if (ch === '\t') w = (Math.floor(w / 8) + 1) * 8;
    else break;
  }
  return w;
}

// CodeDoc is the line structure of a code body, shared by all its atoms.
class CodeDoc {
  constructor(body) {
    this.body = body;
    this.starts = [0];
    for (let i = 0; i + 1 < body.length; i++) if (body[i] === '\n') this.starts.push(i + 1);
    const n = this.starts.length;
    this.prefix = [0];
    this.indent = [];
    this.blank = [];
    for (let i = 0; i < n; i++) {
      const line = body.slice(this.starts[i], this.end(i));
      const k = cost('code', line);
      this.prefix.push(this.prefix[i] + k);
      this.blank.push(k === 0);
      this.indent.push(indentWidth(line));
    }
    // Matched {...} pairs as [first line, last line], only if all balance.
    this.braces = [];
    const open = [];
    for (let i = 0; i < body.length; i++) {
      if (body[i] === '{') open.push(i);
      else if (body[i] === '}') {
        if (!open.length) {
          this.braces = [];
          return;
        }
        this.braces.push([this.lineOf(open.pop()), this.lineOf(i)]);
      }
    }
    if (open.length) this.braces = [];
  }

  end(i) {
    return i + 1 < this.starts.length ? this.starts[i + 1] : this.body.length;
  }

  lineOf(off) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= off) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  cost(a, b) {
    return this.prefix[b + 1] - this.prefix[a];
  }

  closes(i) {
    const t = this.body.slice(this.starts[i], this.end(i)).replace(/^[ \t]+/, '');
    return t !== '' && '})]'.includes(t[0]);
  }

  // blockEnd: the last line of the indentation block headed by line h, or -1.
  blockEnd(h) {
    let last = -1;
    let j = h + 1;
    for (; j < this.starts.length; j++) {
      if (this.blank[j]) continue;
      if (this.indent[j] <= this.indent[h]) break;
      last = j;
    }
    if (last < 0) return -1;
    if (j < this.starts.length && this.indent[j] === this.indent[h] && this.closes(j)) last = j;
    return last;
  }

  // blocks around line hit: brace pairs holding it, indentation blocks
  // enclosing it.
  blocks(hit) {
    const out = this.braces.filter(([a, b]) => a <= hit && hit <= b);
    let cur = Infinity;
    if (!this.blank[hit]) {
      cur = this.indent[hit];
      const e = this.blockEnd(hit);
      if (e >= 0) out.push([hit, e]);
    }
    for (let j = hit - 1; j >= 0 && cur > 0; j--) {
      if (this.blank[j] || this.indent[j] >= cur) continue;
      cur = this.indent[j];
      const e = this.blockEnd(j);
      if (e >= hit) out.push([j, e]);
    }
    return out;
  }

  // extent: the costliest block within 2r; else whole lines grown around the
  // hit line; else (the line alone is too long) the radial window.
  extent(off, r) {
    const limit = 2 * r;
    const hit = this.lineOf(off);
    let best = null;
    let bestCost = -1;
    for (const [a, b] of this.blocks(hit)) {
      const k = this.cost(a, b);
      if (k > limit) continue;
      if (k > bestCost || (k === bestCost && (a < best[0] || (a === best[0] && b < best[1])))) {
        best = [a, b];
        bestCost = k;
      }
    }
    if (best) return { start: this.starts[best[0]], end: this.end(best[1]) };
    let [a, b] = [hit, hit];
    if (this.cost(a, b) > limit) return radialSpan(this.body, off, r);
    for (;;) {
      let grew = false;
      if (a > 0 && this.cost(a - 1, b) <= limit) {
        a--;
        grew = true;
      }
      if (b + 1 < this.starts.length && this.cost(a, b + 1) <= limit) {
        b++;
        grew = true;
      }
      if (!grew) break;
    }
    return { start: this.starts[a], end: this.end(b) };
  }
}

// radialSpan is [off-r, off+r] clamped to the body, edges moved inward so
// no surrogate pair is split.
function radialSpan(body, off, r) {
  return { start: ceil(body, off - Math.min(r, off)), end: floor(body, off + Math.min(r, body.length - off)) };
}

// ---- §5.4 windows ----

// windowsOf draws every atom's window and merges, per compound, windows that
// overlap or touch. docs is a Map by ID; input must be checked.
function windowsOf(docs, atoms, r) {
  const code = new Map();
  const spans = unique(atoms).map((a) => {
    const d = docs.get(a.compound_id);
    if (d.kind !== 'code') return { ...radialSpan(d.body, a.byte_offset, r), atom: a };
    if (!code.has(d.id)) code.set(d.id, new CodeDoc(d.body));
    return { ...code.get(d.id).extent(a.byte_offset, r), atom: a };
  });
  spans.sort((x, y) => compareCodePoints(x.atom.compound_id, y.atom.compound_id) || cmp(x.start, y.start) ||
    cmp(x.end, y.end) || compareAtoms(x.atom, y.atom));
  const out = [];
  for (const s of spans) {
    const w = out[out.length - 1];
    if (w && w.compound_id === s.atom.compound_id && s.start <= w.end) {
      w.end = Math.max(w.end, s.end);
      w.atoms.push(s.atom);
      continue;
    }
    out.push({ compound_id: s.atom.compound_id, start: s.start, end: s.end, atoms: [s.atom] });
  }
  return out.map((w) => {
    const d = docs.get(w.compound_id);
    const text = d.body.slice(w.start, w.end);
    const atomsIn = w.atoms.sort(compareAtoms);
    const score = atomsIn.reduce((m, a) => Math.max(m, a.score || 0), atomsIn[0].score || 0);
    return { compound_id: w.compound_id, start: w.start, end: w.end, text, cost: cost(d.kind, text), score, atoms: atomsIn };
  });
}

function checkRadius(r) {
  if (!Number.isInteger(r) || r < 1) bad(`radius ${r}, want >= 1`);
}

// ---- §5.5 the 70/30 split ----

const DIRECT_PERCENT = 70;
const RELATED_PERCENT = 30;
const RELATED_PER_TERM = 5;

// percent is floor(n·p/100) without overflow.
const percent = (n, p) => Math.floor(n / 100) * p + Math.floor(((n % 100) * p) / 100);

function split(req) {
  const budget = req.budget;
  if (!isInt(budget) || budget < 0) bad(`budget ${budget} is negative`);
  const terms = [...(req.terms || [])].sort((a, b) => compareCodePoints(a.term, b.term));
  let active = 0;
  terms.forEach((t, i) => {
    if (!isInt(t.direct) || !isInt(t.related) || t.direct < 0 || t.related < 0) bad(`term ${JSON.stringify(t.term)}: negative atom count`);
    if (i > 0 && terms[i - 1].term === t.term) bad(`term ${JSON.stringify(t.term)}: given twice`);
    if (t.direct > 0 || t.related > 0) active++;
  });
  const shares = { budget, terms: [], used: 0, unused: 0 };
  for (const t of terms) {
    const s = { term: t.term, total: 0, direct: 0, per_direct: 0, related: 0, per_related: 0 };
    if (t.direct > 0 || t.related > 0) {
      s.total = Math.floor(budget / active);
      s.direct = t.direct;
      s.related = Math.min(t.related, RELATED_PER_TERM);
      // 30% to related atoms; all of it to one side when the other has none.
      let related = percent(s.total, RELATED_PERCENT);
      if (s.related === 0) related = 0;
      else if (s.direct === 0) related = s.total;
      if (s.direct > 0) s.per_direct = Math.floor((s.total - related) / s.direct);
      if (s.related > 0) s.per_related = Math.floor(related / s.related);
    }
    shares.terms.push(s);
    shares.used += s.direct * s.per_direct + s.related * s.per_related;
  }
  shares.unused = budget - shares.used;
  return { shares };
}

// ---- the operations ----

function radialIngest(req) {
  documents(req.documents);
  return { atoms: atomsOf(req.documents || []) };
}

function radialWindows(req) {
  const docs = documents(req.documents);
  checkRadius(req.radius);
  checkAtoms(docs, req.atoms || []);
  return { windows: windowsOf(docs, req.atoms || [], req.radius) };
}

module.exports = {
  radialIngest, radialWindows, radialSplit: split,
  // for elastic.js
  atomsOf, unique, checkAtoms, windowsOf, compareAtoms, DIRECT_PERCENT, RELATED_PERCENT,
};
