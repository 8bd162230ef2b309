'use strict';
// Runs ctxconform's golden vectors (fixtures/vectors, every file) against the
// example, without the harness: the way a team ports the vectors into its
// own tests.
//
//   node --test adapters/process/examples/node/
//
// The vectors count bytes of UTF-8; this implementation counts UTF-16 code
// units, so it runs the cases whose "units" include "utf16" (ASCII text,
// or no offsets at all, where every unit agrees). A case whose operation the
// example does not provide is skipped, with the reason. Densification cases
// carry the model's replies: densify.test.js replays them call by call.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { InvalidRequest } = require('./common.js');
const { OPERATIONS } = require('./impl.js');

const VECTORS = path.join(__dirname, '..', '..', '..', '..', 'fixtures', 'vectors');
const UNIT = 'utf16';

// Fields that pg_trgm computes in float4: the vectors print them as float4,
// the example computes them as doubles holding a float4.
const FLOAT4 = new Set(['similarity', 'word_similarity', 'strict_word_similarity']);

// normalize makes a result comparable with the reference's JSON: no
// "rendered" text (optional), absent, null, empty and zero values alike (Go
// omits them, and reads them back as the same), float4 fields rounded.
function normalize(x, key = '') {
  if (Array.isArray(x)) return x.map((v) => normalize(v, key));
  if (typeof x === 'number' && FLOAT4.has(key)) return Math.fround(x);
  if (x === null || typeof x !== 'object') return x;
  const out = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === 'rendered' || v === null || v === undefined || v === '' || v === 0 || v === false) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = normalize(v, k);
  }
  return out;
}

const files = fs.readdirSync(VECTORS)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json') && f !== 'densify.json')
  .sort();

for (const name of files) {
  const file = JSON.parse(fs.readFileSync(path.join(VECTORS, name), 'utf8'));
  for (const c of file.cases) {
    const op = OPERATIONS[c.op];
    const skip = !op ? `no operation ${c.op}` : !c.units.includes(UNIT) ? `holds in ${c.units.join(', ')} only` : false;
    test(`${file.standard}: ${c.name} [${c.requirements.join(' ')} ${c.level}]`, { skip }, async () => {
      if (c.expect.error !== undefined) {
        await assert.rejects(async () => op(c.request), InvalidRequest, `want an error like: ${c.expect.error}`);
        return;
      }
      const got = await op(c.request);
      assert.deepEqual(normalize(got), normalize(c.expect.result));
    });
  }
}
