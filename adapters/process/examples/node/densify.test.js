'use strict';
// Replays ctxconform's densification transcripts (fixtures/vectors/densify.json)
// against densify.js, without the harness:
//
//   node --test adapters/process/examples/node/
//
// Each case scripts the model: call i must carry the prompt and input the
// transcript lists, and gets reply i. The answer must equal the expected one,
// except its message (the reference's error text), which must only be
// present when the densification failed.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { densify } = require('./densify.js');

const FILE = path.join(__dirname, '..', '..', '..', '..', 'fixtures', 'vectors', 'densify.json');
const vectors = JSON.parse(fs.readFileSync(FILE, 'utf8'));

// scripted answers the calls from a transcript, failing on a call it does not
// expect.
function scripted(transcript) {
  let next = 0;
  const complete = async (prompt, input) => {
    const i = next++;
    assert.ok(i < transcript.length, `call ${i + 1}: the transcript has only ${transcript.length} calls`);
    const want = transcript[i];
    assert.equal(prompt, want.prompt, `call ${i + 1}: prompt`);
    assert.equal(input, want.input, `call ${i + 1}: input`);
    return want.reply.error ? { error: want.reply.error } : { output: want.reply.output || '' };
  };
  return { complete, calls: () => next };
}

for (const c of vectors.cases) {
  test(`densify: ${c.name} [${c.requirements.join(' ')} ${c.level}]`, async () => {
    const transcript = c.transcript || [];
    const model = scripted(transcript);
    const got = await densify(c.request, model.complete);
    assert.equal(model.calls(), transcript.length, 'calls made');
    const want = c.expect.result;
    if (want.status === 'failed') assert.ok(got.message, 'a failed answer carries a message');
    const { message: _g, ...gotRest } = got;
    const { message: _w, ...wantRest } = want;
    assert.deepEqual(gotRest, wantRest);
  });
}
