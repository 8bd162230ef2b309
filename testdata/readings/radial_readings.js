#!/usr/bin/env node
'use strict';
// Radial lazy inflation (std085 context inflation protocol §5) read another
// defensible way than the reference reads it, for ctxconform's own tests
// (TestReadings105): the Node example (adapters/process/examples/node), which
// counts UTF-16 code units, with ONE reading changed, chosen by the first
// argument. Each passes every MUST and SHOULD requirement of the radial
// standard and fails the REFERENCE or ROBUST requirement that names its
// reading (specs/REQUIREMENTS.md, "The audit of the readings (issue 27)"):
//
//   outward      a radius that ends inside a character (an emoji, a surrogate
//                pair) takes the whole character: edges rounded outward,
//                the window up to one character over 2r        → RAD-29
//   nosnap       edges left where the radius puts them, between the halves
//                of a surrogate pair (a real defect, ctxconform's rule)
//                                                              → RAD-29
//   innermost    "expand to function/block boundaries" takes the innermost
//                block that fits, not the largest              → RAD-22
//   trimmed      a code window is its block or lines from the first to the
//                last non-blank character: indentation of the first line
//                and the last line break are left out          → RAD-07
//   pooled       §5.5 read as pools: 70% of the budget evenly over every
//                direct atom of every term, 30% over every related atom
//                served (5 per term)                           → RAD-13, RAD-14
//   single-term  "For multi-term queries": a query of one term is not
//                split, its direct atoms share the whole budget → RAD-32
//   score-order  windows handed on best first (score), not by start
//                                                              → RAD-10
//   rendered     the answer carries the rendering handed to the model:
//                windows best first, each between "..." markers → RAD-28
//
// Usage: node radial_readings.js MODE
//
// Required as a module, it exports load(), which elastic_readings.js shares.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const EXAMPLE = path.join(__dirname, '..', '..', 'adapters', 'process', 'examples', 'node');

// load compiles the example's file name with each [old, new] replacement
// applied (each must match exactly once) and puts it in the module cache,
// so that the example's other files and its protocol loop use it.
function load(name, replacements) {
  const file = path.join(EXAMPLE, name);
  let src = fs.readFileSync(file, 'utf8');
  for (const [from, to] of replacements) {
    const n = src.split(from).length - 1;
    if (n !== 1) throw new Error(`${name}: ${JSON.stringify(from)} found ${n} times, want once`);
    src = src.replace(from, () => to);
  }
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(EXAMPLE);
  m._compile(src, file);
  m.loaded = true;
  Module._cache[file] = m;
  return m.exports;
}

// serve runs the example's protocol loop, as one standard under the name
// given, with ops replacing the example's operations.
function serve(name, standard, ops = {}) {
  const impl = Module._load(path.join(EXAMPLE, 'impl.js'), null, true);
  impl.IMPLEMENTATION.name = name;
  impl.IMPLEMENTATION.standards = [standard];
  Object.assign(impl.OPERATIONS, ops);
}

const SPAN = 'return { start: ceil(body, off - Math.min(r, off)), end: floor(body, off + Math.min(r, body.length - off)) };';

// rendered is a rendering of windows best first, each between markers.
function rendered(windows) {
  return [...windows].sort((a, b) => (b.score || 0) - (a.score || 0) || a.start - b.start)
    .map((w) => `...${w.text}...`).join('\n\n');
}

// byScore lists windows best first, then by compound and start.
const byScore = (a, b) => (b.score || 0) - (a.score || 0) || (a.compound_id < b.compound_id ? -1 : a.compound_id > b.compound_id ? 1 : 0) || a.start - b.start;

function main(mode) {
  const name = `radial-reading-${mode}`;
  switch (mode) {
    case 'outward':
      load('radial.js', [[SPAN, 'return { start: floor(body, off - Math.min(r, off)), end: ceil(body, off + Math.min(r, body.length - off)) };']]);
      return serve(name, 'radial');
    case 'nosnap':
      load('radial.js', [[SPAN, 'return { start: off - Math.min(r, off), end: off + Math.min(r, body.length - off) };']]);
      return serve(name, 'radial');
    case 'innermost':
      load('radial.js', [
        ['let bestCost = -1;', 'let bestCost = Infinity;'],
        ['if (k > bestCost || (k === bestCost &&', 'if (k < bestCost || (k === bestCost &&'],
      ]);
      return serve(name, 'radial');
    case 'trimmed': {
      // Blocks and lines from their first to their last non-blank character.
      load('radial.js', [
        ['if (best) return { start: this.starts[best[0]], end: this.end(best[1]) };',
          'if (best) return this.trim(this.starts[best[0]], this.end(best[1]), off);'],
        ['    return { start: this.starts[a], end: this.end(b) };\n  }\n}',
          '    return this.trim(this.starts[a], this.end(b), off);\n  }\n\n' +
          '  // trim: [s, e) without its leading and trailing white space, never\n' +
          '  // past the atom at off.\n' +
          '  trim(s, e, off) {\n    const t = this.body.slice(s, e);\n    const lead = t.length - t.trimStart().length;\n' +
          '    const tail = t.length - t.trimEnd().length;\n' +
          '    return lead + tail >= t.length ? { start: s, end: e } : { start: Math.min(s + lead, off), end: Math.max(e - tail, off) };\n  }\n}'],
      ]);
      return serve(name, 'radial');
    }
    case 'pooled': {
      const radial = load('radial.js', []);
      return serve(name, 'radial', { radial_split: (req) => pooled(radial.radialSplit, req) });
    }
    case 'single-term': {
      const radial = load('radial.js', []);
      return serve(name, 'radial', {
        radial_split: (req) => {
          const ans = radial.radialSplit(req); // checks the request
          const terms = req.terms || [];
          if (terms.length !== 1 || !(terms[0].direct > 0)) return ans;
          const t = terms[0];
          const per = Math.floor(req.budget / t.direct);
          const used = per * t.direct;
          return { shares: { budget: req.budget, terms: [{ term: t.term, total: req.budget, direct: t.direct, per_direct: per, related: 0, per_related: 0 }], used, unused: req.budget - used } };
        },
      });
    }
    case 'score-order': {
      const radial = load('radial.js', []);
      return serve(name, 'radial', {
        radial_windows: (req) => {
          const ans = radial.radialWindows(req);
          return { windows: [...ans.windows].sort(byScore) };
        },
      });
    }
    case 'rendered': {
      const radial = load('radial.js', []);
      return serve(name, 'radial', {
        radial_windows: (req) => {
          const ans = radial.radialWindows(req);
          return { ...ans, rendered: rendered(ans.windows) };
        },
      });
    }
    default:
      console.error(`usage: radial_readings.js outward|nosnap|innermost|trimmed|pooled|single-term|score-order|rendered (got ${JSON.stringify(mode)})`);
      process.exit(2);
  }
}

// pooled is §5.5 read as two pools over the whole query: 70% of the budget
// evenly over all direct atoms, 30% evenly over all related atoms served (at
// most 5 per term); a pool with no atoms gives its share to the other. A
// term's total is what its atoms receive. split checks the request (the
// example's own split, whose answer is not used).
function pooled(split, req) {
  split(req);
  const budget = req.budget;
  const terms = [...(req.terms || [])].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  let direct = 0;
  let related = 0;
  for (const t of terms) {
    direct += t.direct;
    related += Math.min(t.related, 5);
  }
  const percent = (n, p) => Math.floor(n / 100) * p + Math.floor(((n % 100) * p) / 100);
  let relatedPool = percent(budget, 30);
  if (related === 0) relatedPool = 0;
  else if (direct === 0) relatedPool = budget;
  const perDirect = direct > 0 ? Math.floor((budget - relatedPool) / direct) : 0;
  const perRelated = related > 0 ? Math.floor(relatedPool / related) : 0;
  const shares = { budget, terms: [], used: 0, unused: 0 };
  for (const t of terms) {
    const r = Math.min(t.related, 5);
    const total = t.direct * perDirect + r * perRelated;
    shares.terms.push({ term: t.term, total, direct: t.direct, per_direct: t.direct > 0 ? perDirect : 0, related: r, per_related: r > 0 ? perRelated : 0 });
    shares.used += total;
  }
  shares.unused = budget - shares.used;
  return { shares };
}

module.exports = { load, serve, rendered, byScore };

if (require.main === module) main(process.argv[2]);
