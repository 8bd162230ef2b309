#!/usr/bin/env node
'use strict';
// A ctxconform process-adapter implementation in JavaScript, standard
// library only: copy this file and replace the operations with calls into
// your engine.
//
//   conformance run --adapter exec -- node adapters/process/examples/node/impl.js
//
// The protocol (adapters/process/PROTOCOL.md): one JSON object per line on
// standard input (from the harness) and standard output (to it). Standard
// output carries protocol messages only: log to standard error, which the
// harness keeps for its report.

const readline = require('node:readline');
const { InvalidRequest } = require('./common.js');
const { Documents } = require('./session.js');
const { bench } = require('./bench.js');

const PROTOCOL = 1;

// One module per standard; each exports one function per operation, which
// takes the request object and returns the result object, or throws
// InvalidRequest for bad input.
const { inflate } = require('./inflate.js');
const { assemble } = require('./assemble.js');
const { radialIngest, radialWindows, radialSplit } = require('./radial.js');
const { elasticRadius, elasticCensus, elasticHydrate } = require('./elastic.js');
const { fuzzySearch, fuzzyTrigrams } = require('./fuzzy.js');
const { expandMultiplier, expand } = require('./expand.js');
const { densify, ModelCalls } = require('./densify.js');

// Who we are. "unit" says what offsets and lengths count: JavaScript strings
// count UTF-16 code units. "standards" says which requirements apply; each
// standard's operations are in OPERATIONS below.
const IMPLEMENTATION = {
  name: 'ctxconform-example-node',
  version: '0.2.0',
  language: 'javascript',
  unit: 'utf16',
  standards: ['inflate', 'density', 'assemble', 'radial', 'elastic', 'fuzzy', 'densify', 'expand'],
};

// The protocol's operations (adapters/process/PROTOCOL.md, "Operations").
const OPERATIONS = {
  inflate, // std085 §2 context inflation and §3 dynamic density (inflate.js)
  assemble, // std085 protocol §1–3 window assembly (assemble.js)
  radial_ingest: radialIngest, // std085 protocol §5 radial inflation (radial.js)
  radial_windows: radialWindows,
  radial_split: radialSplit,
  elastic_radius: elasticRadius, // std105 §2, §4 elastic radius (elastic.js)
  elastic_census: elasticCensus,
  elastic_hydrate: elasticHydrate,
  fuzzy_search: fuzzySearch, // std105 §3 fuzzy search, pg_trgm (fuzzy.js)
  fuzzy_trigrams: fuzzyTrigrams,
  expand_multiplier: expandMultiplier, // ADR-023 candidate expansion (expand.js)
  expand,
  // densification-chunking: model calls go out as "call" messages (densify.js)
  densify: (request, seq) => densify(request, (prompt, input) => modelCalls.call(seq, prompt, input)),
};

// Optional extensions of the protocol we use when the harness offers them:
// documents sent once per session (session.js) and timed runs (bench.js).
const CAPABILITIES = ['documents', 'bench'];
const documents = new Documents();

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

// The model calls of densify go out as "call" messages; "reply" settles them.
const modelCalls = new ModelCalls(send);

// answer runs one request's operation and sends its result or error. An
// operation may return a promise (one that waits for model calls does). A
// "bench" message runs it many times and adds the timing (bench.js).
function answer(msg) {
  const op = OPERATIONS[msg.op];
  if (!op) {
    send({ type: 'error', seq: msg.seq, error: { kind: 'not_implemented', message: `no operation ${msg.op}` } });
    return;
  }
  const ok = (result) => send({ type: 'result', seq: msg.seq, result });
  const fail = (e) => {
    const kind = e instanceof InvalidRequest ? 'invalid_request' : 'internal';
    if (kind === 'internal') console.error(e.stack);
    send({ type: 'error', seq: msg.seq, error: { kind, message: e.message } });
  };
  try {
    documents.fill(msg); // the documents sent once per session (session.js)
  } catch (e) {
    send({ type: 'error', seq: msg.seq, error: { kind: 'internal', message: e.message } });
    return;
  }
  try {
    if (msg.type === 'bench') {
      const { answer: result, timing } = bench(op, msg.request, msg.warmup || 0, msg.iterations);
      send({ type: 'result', seq: msg.seq, result, bench: timing });
      return;
    }
    const result = op(msg.request, msg.seq);
    if (result instanceof Promise) result.then(ok, fail);
    else ok(result);
  } catch (e) {
    fail(e);
  }
}

function handle(line) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (e) {
    send({ type: 'error', error: { kind: 'invalid_request', message: `not JSON: ${e.message}` } });
    return;
  }
  switch (msg.type) {
    case 'start':
      if (msg.protocol !== PROTOCOL) {
        send({ type: 'error', error: { kind: 'invalid_request', message: `protocol ${msg.protocol} not supported` } });
        return;
      }
      send({
        type: 'started',
        protocol: PROTOCOL,
        implementation: IMPLEMENTATION,
        capabilities: CAPABILITIES.filter((c) => (msg.capabilities || []).includes(c)),
      });
      return;
    case 'documents':
      documents.apply(msg);
      return;
    case 'request':
    case 'bench':
      answer(msg);
      return;
    case 'reply':
      if (!modelCalls.reply(msg)) console.error(`reply to an unknown call ${msg.id}`);
      return;
    case 'stop':
      process.exit(0);
      return;
    default:
      send({ type: 'error', seq: msg.seq, error: { kind: 'invalid_request', message: `unexpected message ${msg.type}` } });
  }
}

// Run the protocol loop when started as a program; the tests only require
// OPERATIONS.
if (require.main === module) {
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', handle);
  rl.on('close', () => process.exit(0));
}

module.exports = { OPERATIONS, IMPLEMENTATION };
