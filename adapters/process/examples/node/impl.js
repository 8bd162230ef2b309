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
const { densify, ModelCalls } = require('./densify.js');

const PROTOCOL = 1;

// Who we are. "unit" says what offsets and lengths count: JavaScript strings
// count UTF-16 code units. "standards" says which requirements apply: the
// "inflate" operation serves both context inflation and dynamic density.
const IMPLEMENTATION = {
  name: 'ctxconform-example-node',
  version: '0.1.0',
  language: 'javascript',
  unit: 'utf16',
  standards: ['inflate', 'density', 'densify'],
};

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

// The model calls of densify go out as "call" messages; "reply" settles them.
const modelCalls = new ModelCalls(send);

// One function per operation; each takes the request object (and the seq of
// its request) and returns the result object, or a promise of it, or throws
// InvalidRequest for bad input.
const OPERATIONS = {
  inflate,
  densify: (request, seq) => densify(request, (prompt, input) => modelCalls.call(seq, prompt, input)),
};

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
      send({ type: 'started', protocol: PROTOCOL, implementation: IMPLEMENTATION });
      return;
    case 'request': {
      const op = OPERATIONS[msg.op];
      if (!op) {
        send({ type: 'error', seq: msg.seq, error: { kind: 'not_implemented', message: `no operation ${msg.op}` } });
        return;
      }
      Promise.resolve().then(() => op(msg.request, msg.seq)).then(
        (result) => send({ type: 'result', seq: msg.seq, result }),
        (e) => {
          const kind = e instanceof InvalidRequest ? 'invalid_request' : 'internal';
          if (kind === 'internal') console.error(e.stack);
          send({ type: 'error', seq: msg.seq, error: { kind, message: e.message } });
        });
      return;
    }
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

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', handle);
rl.on('close', () => process.exit(0));
