#!/usr/bin/env node
'use strict';
// Elastic context (std105 §2–4, with std085 protocol §5.2–5.4) read another
// defensible way than the reference reads it, for ctxconform's own tests
// (TestReadings105): the Node example (adapters/process/examples/node), which
// counts UTF-16 code units, with ONE reading changed, chosen by the first
// argument. Each passes every MUST and SHOULD requirement of the elastic
// standard and fails the REFERENCE or ROBUST requirement that names its
// reading (specs/REQUIREMENTS.md, "The audit of the readings (issue 27)"):
//
//   formula-radius  "hydrated using the calculated dynamic radius", to the
//                   letter: windows at the formula's radius, never widened
//                   to fill the budget they leave unused       → ELA-26, ELA-06
//   best-only       where the 200 floor contradicts the budget, one
//                   coherent block for the best atom (§5 "massive, coherent
//                   blocks"), not as many atoms as fit at the floor
//                                                              → ELA-30, ELA-06
//   prefix-census   the census shares §3.2's SQL, `atom_label ILIKE 'term%'`:
//                   words that begin with a term are hits too  → ELA-29
//   ascii-lower     LOWER() as PostgreSQL's C locale has it: only ASCII
//                   letters fold                               → ELA-09
//   nosnap          window edges left between the halves of a surrogate
//                   pair (a real defect, ctxconform's rule)    → ELA-27
//   rendered        the answer carries the rendering handed to the model:
//                   windows best first, each between "..." markers
//                                                              → ELA-25
//
// Usage: node elastic_readings.js MODE
const { load, serve, rendered } = require('./radial_readings.js');

function main(mode) {
  const name = `elastic-reading-${mode}`;
  switch (mode) {
    case 'formula-radius':
      load('elastic.js', [['let hi = widest(r, MAX_RADIUS, (x) => fits(res.kept, x));', 'let hi = r;']]);
      return serve(name, 'elastic');
    case 'best-only':
      load('elastic.js', [['n = widest(0, n, (k) => fits(ranked.slice(0, k), r0));', 'n = fits(ranked.slice(0, 1), r0) ? 1 : 0;']]);
      return serve(name, 'elastic');
    case 'prefix-census':
      load('elastic.js', [['.filter((a) => terms.has(a.atom_label));',
        ".filter((a) => [...terms].some((t) => t !== '' && a.atom_label.startsWith(t)));"]]);
      return serve(name, 'elastic');
    case 'ascii-lower':
      // The word as it stands in the text, both sides folded in ASCII only.
      load('elastic.js', [
        ['const terms = new Set((req.terms || []).map(lower));',
          "const ascii = (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());\n" +
          '  const bodies = new Map((req.documents || []).map((d) => [d.id, d.body]));\n' +
          '  const terms = new Set((req.terms || []).map(ascii));'],
        ['.filter((a) => terms.has(a.atom_label));',
          '.filter((a) => terms.has(ascii(bodies.get(a.compound_id).slice(a.byte_offset, a.byte_offset + a.atom_label.length))));'],
      ]);
      return serve(name, 'elastic');
    case 'nosnap':
      load('radial.js', [['return { start: ceil(body, off - Math.min(r, off)), end: floor(body, off + Math.min(r, body.length - off)) };',
        'return { start: off - Math.min(r, off), end: off + Math.min(r, body.length - off) };']]);
      return serve(name, 'elastic');
    case 'rendered': {
      const elastic = load('elastic.js', []);
      return serve(name, 'elastic', {
        elastic_hydrate: (req) => {
          const res = elastic.elasticHydrate(req);
          return { ...res, rendered: rendered(res.windows) };
        },
      });
    }
    default:
      console.error(`usage: elastic_readings.js formula-radius|best-only|prefix-census|ascii-lower|nosnap|rendered (got ${JSON.stringify(mode)})`);
      process.exit(2);
  }
}

main(process.argv[2]);
