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
const { inflate, InvalidRequest } = require('./inflate.js');
const { Documents } = require('./session.js');
const { bench } = require('./bench.js');

const PROTOCOL = 1;

// Who we are. "unit" says what offsets and lengths count: JavaScript strings
// count UTF-16 code units. "standards" says which requirements apply: the
// "inflate" operation serves both context inflation and dynamic density.
const IMPLEMENTATION = {
  name: 'ctxconform-example-node',
  version: '0.1.0',
  language: 'javascript',
  unit: 'utf16',
  standards: ['inflate', 'density'],
};

// One function per operation; each takes the request object and returns the
// result object, or throws InvalidRequest for bad input.
const OPERATIONS = {
  inflate,
};

// Optional extensions of the protocol we use when the harness offers them:
// documents sent once per session (session.js) and timed runs (bench.js).
const CAPABILITIES = ['documents', 'bench'];
const documents = new Documents();

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
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
    case 'bench': {
      const op = OPERATIONS[msg.op];
      if (!op) {
        send({ type: 'error', seq: msg.seq, error: { kind: 'not_implemented', message: `no operation ${msg.op}` } });
        return;
      }
      try {
        documents.fill(msg);
      } catch (e) {
        send({ type: 'error', seq: msg.seq, error: { kind: 'internal', message: e.message } });
        return;
      }
      try {
        if (msg.type === 'bench') {
          const { answer, timing } = bench(op, msg.request, msg.warmup || 0, msg.iterations);
          send({ type: 'result', seq: msg.seq, result: answer, bench: timing });
        } else {
          send({ type: 'result', seq: msg.seq, result: op(msg.request) });
        }
      } catch (e) {
        const kind = e instanceof InvalidRequest ? 'invalid_request' : 'internal';
        if (kind === 'internal') console.error(e.stack);
        send({ type: 'error', seq: msg.seq, error: { kind, message: e.message } });
      }
      return;
    }
    case 'stop':
      process.exit(0);
      return;
    default:
      send({ type: 'error', seq: msg.seq, error: { kind: 'invalid_request', message: `unexpected message ${msg.type}` } });
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', handle);
rl.on('close', () => process.exit(0));
