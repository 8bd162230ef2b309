'use strict';
// Runs ctxconform's golden vectors (fixtures/vectors) against the example,
// without the harness: the way a team ports the vectors into its own tests.
//
//   node --test adapters/process/examples/node/
//
// The vectors count bytes of UTF-8; this implementation counts UTF-16 code
// units, so it runs the cases whose "units" include "utf16" (ASCII text,
// where every unit agrees).

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { inflate, InvalidRequest } = require('./inflate.js');

const VECTORS = path.join(__dirname, '..', '..', '..', '..', 'fixtures', 'vectors');
const UNIT = 'utf16';
const OPERATIONS = { inflate };

for (const standard of ['inflate', 'density']) {
  const file = JSON.parse(fs.readFileSync(path.join(VECTORS, `${standard}.json`), 'utf8'));
  for (const c of file.cases) {
    const op = OPERATIONS[c.op];
    const skip = !op ? `no operation ${c.op}` : !c.units.includes(UNIT) ? `holds in ${c.units.join(', ')} only` : false;
    test(`${standard}: ${c.name} [${c.requirements.join(' ')} ${c.level}]`, { skip }, () => {
      if (c.expect.error !== undefined) {
        assert.throws(() => op(c.request), InvalidRequest, `want an error like: ${c.expect.error}`);
        return;
      }
      const got = op(c.request);
      const want = c.expect.result;
      assert.deepEqual(got.windows, want.windows);
      assert.deepEqual(got.dropped || [], want.dropped || []);
    });
  }
}
