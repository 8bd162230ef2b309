#!/usr/bin/env node
// The anchor-engine-node adapter: speaks the ctxconform process protocol
// (adapters/process/PROTOCOL.md) and answers each operation by calling the
// engine's own functions, unchanged, from the bundle `make upstream` builds
// into .upstream/anchor/engine.mjs (the engine is AGPL-3.0: it is loaded at
// run time, never copied into this repository).
//
//   conformance run --adapter exec --start-timeout 5m -- node adapters/process/upstream/anchor/main.mjs
//
// What each operation calls, and every reading the mapping makes, with the
// engine's line that justifies it: README.md beside this file. The adapter
// maps, never fixes: what the engine answers is what the harness judges.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const PROTOCOL = 1;
const here = path.dirname(fileURLToPath(import.meta.url));
const upstream = process.env.CTXCONFORM_UPSTREAM || path.resolve(here, '../../../../.upstream');
const bundle = path.join(upstream, 'anchor', 'engine.mjs');

const IMPLEMENTATION = {
  name: 'anchor-engine-node',
  version: 'bf36eae',
  language: 'typescript',
  // The engine's coordinates are bytes: its columns are start_byte and
  // byte_offset, and ContextInflator reads them as byte positions of the
  // mirrored file (context-inflator.ts:219-233). README.md, "Units".
  unit: 'bytes',
  standards: ['inflate', 'density', 'elastic', 'fuzzy'],
};
const CAPABILITIES = ['bench'];

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

// Standard output carries protocol messages only. The engine logs with
// console.log on every call; its lines go to a small ring the adapter reads
// (the elastic radius is read from the engine's own log line), and to
// standard error only with CTXCONFORM_ANCHOR_LOG=1.
const logRing = [];
const verbose = process.env.CTXCONFORM_ANCHOR_LOG === '1';
for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
  console[level] = (...args) => {
    const line = args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : JSON.stringify(a))).join(' ');
    logRing.push(line);
    if (logRing.length > 200) logRing.shift();
    if (verbose) process.stderr.write(line + '\n');
  };
}

class InvalidRequest extends Error {}
class NotImplemented extends Error {}

// The engine resolves its folders from the environment when its modules
// load (config/paths.ts:18-24); its database is PGlite in memory
// (core/db.ts:39, :70), created and given its schema by its own init().
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ctxconform-anchor-'));
process.env.PGLITE_DB_PATH = 'memory://';
process.env.PROJECT_ROOT = work;
process.env.NOTEBOOK_DIR = work;
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

let engine;
async function load() {
  if (!fs.existsSync(bundle)) {
    throw new Error(`${bundle} is missing: run \`make upstream\` first`);
  }
  engine = await import(bundle);
  await engine.db.init();
  observe();
}

// ---- observing ContextInflator.inflate ------------------------------------
//
// ContextInflator.inflate returns each result's text wrapped as `...text...`
// and keeps the hit's own start_byte/end_byte (context-inflator.ts:83-87), so
// the window's place in the document is not in its answer. The adapter wraps
// two of its static helpers to watch, without changing, what they compute:
// inflateFromDisk / inflateFromCompoundBody (which radius a result gets) and
// snapToSentenceBoundary (where in the chunk the window was cut).
let watching = null; // { id: {radius, from, snap} } while inflate runs
let current = null;
function observe() {
  const CI = engine.ContextInflator;
  for (const [name, from] of [['inflateFromDisk', 'disk'], ['inflateFromCompoundBody', 'body']]) {
    const original = CI[name];
    CI[name] = async function (res, radius, ...rest) {
      current = { id: res.id, radius, from, snap: null, start: res.start_byte, end: res.end_byte };
      try {
        const out = await original.call(this, res, radius, ...rest);
        if (watching && out !== null) watching.set(res.id, current);
        return out;
      } finally {
        current = null;
      }
    };
  }
  const snap = CI.snapToSentenceBoundary;
  CI.snapToSentenceBoundary = function (content, targetStart, targetEnd) {
    const out = snap.call(this, content, targetStart, targetEnd);
    if (current) current.snap = { content, out };
    return out;
  };
}

// ---- the documents, as the engine stores them ------------------------------

// store puts the request's documents where the engine reads them: a row of
// its compounds table (core/db.ts:237-249) whose path names a file holding
// the body, as its mirror does (context-inflator.ts:187-211), and the body
// itself in compound_body for its fallback.
async function store(documents) {
  const db = engine.db;
  await db.run('DELETE FROM atom_positions');
  await db.run('DELETE FROM compounds');
  const seen = new Set();
  const bodies = new Map();
  const rows = { id: [], body: [], path: [] };
  for (const [i, d] of (documents || []).entries()) {
    if (typeof d.id !== 'string' || typeof d.body !== 'string') throw new InvalidRequest(`document ${i}: id and body must be strings`);
    if (seen.has(d.id)) throw new InvalidRequest(`document id ${JSON.stringify(d.id)} appears twice`);
    seen.add(d.id);
    const file = path.join(work, `doc-${i}.txt`);
    fs.writeFileSync(file, d.body, 'utf8');
    bodies.set(d.id, Buffer.from(d.body, 'utf8'));
    rows.id.push(d.id);
    rows.body.push(d.body);
    rows.path.push(file);
  }
  if (rows.id.length > 0) {
    try {
      await db.run(
        "INSERT INTO compounds (id, compound_body, path, timestamp, provenance) SELECT id, body, path, 0, 'internal' FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, body, path)",
        [rows.id, rows.body, rows.path],
      );
    } catch (e) {
      throw new InvalidRequest(`the engine's database refuses the documents: ${e.message}`);
    }
  }
  return bodies;
}

// ---- inflate: ContextInflator.inflate (std085 §2-3) ------------------------

async function inflate(req) {
  const bodies = await store(req.documents);
  const hits = req.hits || [];
  // A hit becomes the SearchResult the engine's searches hand to inflate
  // (semantic-search.ts:322-339): compound_id, start_byte, end_byte, score.
  const results = hits.map((h) => ({
    id: h.id, content: '', source: h.compound_id, timestamp: 0, buckets: [], tags: [], epochs: '',
    provenance: 'internal', score: h.score, compound_id: h.compound_id, start_byte: h.start, end_byte: h.end,
  }));
  // budget absent or null: the engine's totalBudget is optional
  // (context-inflator.ts:29); radius 0 asks it to size the radius itself.
  const budget = req.budget === null || req.budget === undefined ? undefined : req.budget;
  const seen = new Map();
  watching = seen;
  let out;
  try {
    out = await timed(() => engine.ContextInflator.inflate(results, budget, 0));
  } finally {
    watching = null;
  }
  const windows = [];
  for (const r of out) {
    const w = seen.get(r.id);
    if (!r.is_inflated || !w || !w.snap) continue; // the engine left it as it was: no window
    const body = bodies.get(r.compound_id);
    if (!body) continue;
    windows.push({ compound_id: r.compound_id, ...place(w, body), hits: [r.id], score: r.score || 0 });
  }
  return { windows };
}

// place turns what snapToSentenceBoundary cut into offsets of the document.
// The chunk the engine snapped began at max(0, start − radius − 1000)
// (context-inflator.ts:219 for the file, :279 for compound_body); the window
// is chunk[snap.start, snap.end) with white space trimmed (:167). From the
// file the chunk is bytes decoded as UTF-8 (:225-233), so a position in the
// decoded string is turned back into the byte where the same text begins
// (where the chunk begins or ends inside a character, the decoder made a
// U+FFFD of the cut bytes: the text then holds it, as the engine's does).
// From compound_body the chunk is a JavaScript string indexed by the same
// numbers, and a position is turned into bytes by encoding what precedes it.
function place(w, body) {
  const { content, out } = w.snap;
  const raw = content.substring(out.start, out.end);
  const lead = raw.length - raw.trimStart().length;
  const text = out.text;
  const from16 = out.start + lead;
  const to16 = from16 + text.length;
  if (w.from === 'disk') {
    const rawStart = Math.max(0, w.start - w.radius - 1000);
    const chunk = body.subarray(rawStart, rawStart + Buffer.byteLength(content, 'utf8') + 8);
    return { start: rawStart + byteOf(chunk, content, from16), end: rawStart + byteOf(chunk, content, to16), text };
  }
  const str = body.toString('utf8');
  const rawStart = Math.max(0, w.start - w.radius - 1000);
  return {
    start: Buffer.byteLength(str.substring(0, rawStart + from16), 'utf8'),
    end: Buffer.byteLength(str.substring(0, rawStart + to16), 'utf8'),
    text,
  };
}

// byteOf finds the byte of chunk at which decoding yields content[0, u): the
// smallest prefix whose decoding is that long, then up to three bytes more
// for a prefix that ends inside a character.
function byteOf(chunk, content, u) {
  if (u <= 0) return 0;
  let lo = 0;
  let hi = chunk.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (chunk.subarray(0, mid).toString('utf8').length >= u) hi = mid;
    else lo = mid + 1;
  }
  const want = content.substring(0, u);
  for (let b = lo; b <= Math.min(chunk.length, lo + 3); b++) {
    if (chunk.subarray(0, b).toString('utf8') === want) return b;
  }
  return lo;
}

// ---- fuzzy_search: the census SQL of ContextInflator.getAtomLocations ------

// Each entry becomes an atom position (its label) in a compound of its own,
// so that every row the engine's query returns names one entry. Entries are
// handed in request order: the engine orders by c.timestamp DESC
// (context-inflator.ts:340), so the first entry gets the latest timestamp.
async function fuzzySearch(req) {
  const entries = req.entries || [];
  if (typeof req.term !== 'string' || req.term === '') throw new InvalidRequest('term must be a non-empty string');
  await store([]);
  const db = engine.db;
  if (entries.length > 0) {
    const ids = entries.map((_, i) => `e${i}`);
    try {
      await db.run(
        "INSERT INTO compounds (id, path, timestamp, provenance) SELECT id, $2, $3::int - ord, 'internal' FROM unnest($1::text[]) WITH ORDINALITY AS t(id, ord)",
        [ids, path.join(work, 'none'), entries.length + 1],
      );
      await db.run(
        'INSERT INTO atom_positions (compound_id, atom_label, byte_offset) SELECT id, label, 0 FROM unnest($1::text[], $2::text[]) AS t(id, label)',
        [ids, entries.map((e) => e.label)],
      );
    } catch (err) {
      throw new InvalidRequest(`the engine's database refuses the entries: ${err.message}`);
    }
  }
  // limit 0 or absent means all: the engine's LIMIT then covers every entry
  const limit = req.limit > 0 ? req.limit : Math.max(1, entries.length);
  const rows = await timed(() => engine.ContextInflator.getAtomLocations(req.term, limit));
  // The query ORs the standard's exact test (LOWER(label) = LOWER(term), for
  // the term with and without '#', :314-315) with its prefix test (ILIKE
  // 'term%', :315) and reports no tier: a row is in the exact tier when the
  // database finds one of the exact disjuncts true, else in the prefix tier.
  const withHash = req.term.startsWith('#') ? req.term : `#${req.term}`;
  const withoutHash = req.term.startsWith('#') ? req.term.slice(1) : req.term;
  const matches = [];
  for (const row of rows) {
    const i = Number(String(row.compoundId).slice(1));
    const e = entries[i];
    const q = await db.run('SELECT (LOWER($1) = LOWER($2) OR LOWER($1) = LOWER($3)) AS exact', [e.label, withHash, withoutHash]);
    // The engine computes no similarity (it never calls similarity()): 0.
    matches.push({ id: e.id, label: e.label, tier: q.rows[0].exact ? 'exact' : 'prefix', similarity: 0 });
  }
  return { locale, matches };
}

let locale = 'C';
async function readLocale() {
  // which lower() the engine's database applies: PGlite's own
  const r = await engine.db.run("SELECT lower('ÄÉ') = 'äé' AS utf8");
  locale = r.rows[0].utf8 ? 'UTF8' : 'C';
}

// ---- elastic_radius: executeDistributedRadialSearch (std105 §2.2) ---------

// The radius is computed inside executeDistributedRadialSearch
// (semantic-search.ts:718-721) from the census of the query's terms, each
// counted by getAtomLocations with LIMIT 50 (:702-706). The adapter gives it
// a query of five terms (distributed-query.ts:34 keeps five) whose atom
// positions add up to `hits`, shared as evenly as they go, and reads the
// radius from the engine's own log line (:724). A term's census query
// returns at most 50 rows whatever the table holds beyond them (LIMIT 50,
// context-inflator.ts:340-341): the adapter stores at most 51 positions per
// term, which the query answers exactly as it would answer more.
const TERMS = ['ctxalpha', 'ctxbravo', 'ctxcharlie', 'ctxdelta', 'ctxecho'];
const CENSUS_ROWS = 51;
async function elasticRadius(req) {
  const hits = req.hits;
  if (!Number.isSafeInteger(hits) || hits < 0) throw new InvalidRequest(`hits must be a count, got ${JSON.stringify(hits)}`);
  await store([]);
  const db = engine.db;
  await db.run('INSERT INTO compounds (id, path, timestamp, provenance) VALUES ($1, $2, 0, $3)', ['c', path.join(work, 'none'), 'internal']);
  for (const [i, term] of TERMS.entries()) {
    const share = Math.floor(hits / TERMS.length) + (i < hits % TERMS.length ? 1 : 0);
    const n = Math.min(share, CENSUS_ROWS);
    if (n > 0) await db.run('INSERT INTO atom_positions (compound_id, atom_label, byte_offset) SELECT $1, $2, g FROM generate_series(0, $3::int - 1) g', ['c', term, n]);
  }
  logRing.length = 0;
  await timed(() => engine.executeDistributedRadialSearch(TERMS.join(' '), undefined, req.budget, 'all', 1.0));
  for (const line of logRing) {
    const m = /Elastic Radius = (-?\d+) bytes\/hit/.exec(line);
    if (m) return { radius: Number(m[1]) };
  }
  throw new Error('the engine did not log its elastic radius');
}

// ---- the protocol ----------------------------------------------------------

const notMapped = (why) => async () => { throw new NotImplemented(why); };
const OPERATIONS = {
  inflate,
  fuzzy_search: fuzzySearch,
  elastic_radius: elasticRadius,
  elastic_census: notMapped('the census reads atom_positions written by the engine\'s native atomizer (@rbalchii/native-atomizer, not on the npm registry); a stand-in atomizer would decide the verdicts, so the census is not mapped'),
  elastic_hydrate: notMapped('hydration (ContextInflator.inflateFromAtomPositions) is not mapped by this adapter yet: see README.md'),
  fuzzy_trigrams: notMapped('the engine calls none of pg_trgm\'s functions, and its database does not load pg_trgm (core/db.ts:70, :80)'),
};

// timed runs one call of the engine and adds its duration to engineNs: a
// "bench" times the engine's own function, not the adapter storing the
// request's documents in its database before each call.
let engineNs = 0n;
async function timed(call) {
  const start = process.hrtime.bigint();
  try {
    return await call();
  } finally {
    engineNs += process.hrtime.bigint() - start;
  }
}

// bench answers a "bench" message: the operation `warmup` times, then
// `iterations` times, afresh each time (the documents stored again, the
// engine called again); elapsed_ns is the time spent inside the engine's
// calls during the timed iterations (process.hrtime.bigint around each).
// allocated_bytes is left out: the adapter's own storing allocates in the
// same heap, and the engine's share cannot be told apart.
async function bench(op, request, warmup, iterations) {
  let answer;
  for (let i = 0; i < warmup; i++) answer = await op(structuredClone(request));
  engineNs = 0n;
  for (let i = 0; i < iterations; i++) answer = await op(structuredClone(request));
  const timing = { iterations, elapsed_ns: Number(engineNs), clock: 'process.hrtime.bigint' };
  return { answer, timing };
}

async function answer(msg) {
  const op = OPERATIONS[msg.op];
  if (!op) {
    send({ type: 'error', seq: msg.seq, error: { kind: 'not_implemented', message: `anchor-engine-node has no operation ${msg.op}` } });
    return;
  }
  try {
    if (msg.type === 'bench') {
      const { answer: result, timing } = await bench(op, msg.request, msg.warmup || 0, msg.iterations);
      send({ type: 'result', seq: msg.seq, result, bench: timing });
      return;
    }
    send({ type: 'result', seq: msg.seq, result: await op(msg.request) });
  } catch (e) {
    const kind = e instanceof InvalidRequest ? 'invalid_request' : e instanceof NotImplemented ? 'not_implemented' : 'internal';
    if (kind === 'internal') process.stderr.write(`${e.stack}\n`);
    send({ type: 'error', seq: msg.seq, error: { kind, message: e.message } });
  }
}

// Requests are answered one at a time, in order (the harness sends one and
// waits), through a promise chain: the engine's calls are asynchronous.
let queue = Promise.resolve();
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
  if (line.trim() === '') return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (e) {
    send({ type: 'error', error: { kind: 'invalid_request', message: `not JSON: ${e.message}` } });
    return;
  }
  queue = queue.then(async () => {
    switch (msg.type) {
      case 'start':
        if (msg.protocol !== PROTOCOL) {
          send({ type: 'error', error: { kind: 'invalid_request', message: `protocol ${msg.protocol} not supported` } });
          return;
        }
        try {
          await load();
          await readLocale();
        } catch (e) {
          send({ type: 'error', error: { kind: 'internal', message: e.message } });
          process.exitCode = 1;
          rl.close();
          return;
        }
        {
          const offered = new Set(msg.capabilities || []);
          const started = { type: 'started', protocol: PROTOCOL, implementation: IMPLEMENTATION };
          const used = CAPABILITIES.filter((c) => offered.has(c));
          if (used.length > 0) started.capabilities = used;
          send(started);
        }
        return;
      case 'request':
      case 'bench':
        await answer(msg);
        return;
      case 'stop':
        rl.close();
        return;
      default:
        return; // documents are not used; replies never come (no calls)
    }
  });
});
rl.on('close', () => {
  queue.then(() => process.exit(process.exitCode || 0));
});
