#!/usr/bin/env node
'use strict';
// A faulty implementation for ctxconform's own tests: the Node example
// (adapters/process/examples/node), which counts UTF-16 code units, with
// ONE fault: inflation does not move window edges onto character
// boundaries, so a window that fills its budget (or its cap) to the last
// unit ends, or starts, between the two halves of a surrogate pair. In its
// own unit every window is within the budget and the cap; widened to the
// characters it cuts, it is one or two units over. Only INF-02 and its
// twin DEN-10 describe the fault.
//
// The first argument chooses which requests get the fault:
//
//   budget  requests with a budget: windows exactly at the budget
//   cap     requests without one: windows exactly at the static cap (2500)
//
// Usage: node nosnap.js budget|cap
const path = require('node:path');
const Module = require('node:module');

const mode = process.argv[2];
if (mode !== 'budget' && mode !== 'cap') {
  console.error(`usage: nosnap.js budget|cap (got ${JSON.stringify(mode)})`);
  process.exit(2);
}
const dir = path.join(__dirname, '..', '..', 'adapters', 'process', 'examples', 'node');

// inflate.js takes floor and ceil from common.js when it loads: replace them
// first, with versions that leave an offset where it is while a request
// that has the fault is answered.
const common = require(path.join(dir, 'common.js'));
let faulty = false;
const { floor, ceil } = common;
common.floor = (s, i) => (faulty ? i : floor(s, i));
common.ceil = (s, i) => (faulty ? i : ceil(s, i));
const inflate = require(path.join(dir, 'inflate.js'));
const original = inflate.inflate;
inflate.inflate = (req) => {
  const budgeted = req.budget !== undefined && req.budget !== null;
  faulty = mode === 'budget' ? budgeted : !budgeted;
  try {
    return original(req);
  } finally {
    faulty = false;
  }
};

// Run the example's protocol loop as the main module.
Module._load(path.join(dir, 'impl.js'), null, true);
