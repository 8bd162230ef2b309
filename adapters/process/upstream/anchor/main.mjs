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
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const PROTOCOL = 1;
const here = path.dirname(fileURLToPath(import.meta.url));
const upstream = process.env.CTXCONFORM_UPSTREAM || path.resolve(here, '../../../../.upstream');

// usage: main.mjs [--build DIR]. DIR holds the bundle (engine.mjs) and
// built.json, the commit and date build.mjs was given: `make upstream`
// builds bf36eae into .upstream/anchor, `make upstream-history` every commit
// of the history into .upstream/history/COMMIT (README.md, "Across the
// engine's history").
function usage(message) {
  process.stderr.write(`main.mjs: ${message}\nusage: node main.mjs [--build DIR]\n`);
  process.exit(2);
}
let buildDir = path.join(upstream, 'anchor');
{
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--build' && i + 1 < args.length) buildDir = path.resolve(args[++i]);
    else if (args[i].startsWith('--build=')) buildDir = path.resolve(args[i].slice('--build='.length));
    else usage(`unknown argument ${JSON.stringify(args[i])}`);
  }
}
const bundle = path.join(buildDir, 'engine.mjs');
const builtFile = path.join(buildDir, 'built.json');

const IMPLEMENTATION = {
  name: 'anchor-engine-node',
  version: '', // "COMMIT (DATE)" from built.json, set by load()
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
// console.log on every call; the lines logged during an operation are kept
// with it (the elastic radius is read from the engine's own log line), and
// go to standard error only with CTXCONFORM_ANCHOR_LOG=1. What it logs with
// console.error while an operation runs is kept apart: the engine catches
// its own failures, logs them and answers as if it had found nothing
// (context-inflator.ts: "Failed to inflate result"), and an answer built on
// such a failure is reported as an error, never judged.
const verbose = process.env.CTXCONFORM_ANCHOR_LOG === '1';
const opLog = new AsyncLocalStorage(); // the operation's { lines: [{ level, line }] }
for (const level of ['log', 'info', 'debug', 'warn', 'error']) {
  console[level] = (...args) => {
    const line = args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : JSON.stringify(a))).join(' ');
    opLog.getStore()?.lines.push({ level, line });
    if (verbose) process.stderr.write(`${level}: ${line}\n`);
  };
}

class InvalidRequest extends Error {}
class NotImplemented extends Error {}
// Refused: the tree given is not one this adapter can map (exit 2).
class Refused extends Error {}

// The engine resolves its folders from the environment when its modules
// load (config/paths.ts:18-24); its database is PGlite in memory
// (core/db.ts:39, :70), created and given its schema by its own init().
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ctxconform-anchor-'));
process.env.PGLITE_DB_PATH = 'memory://';
process.env.PROJECT_ROOT = work;
process.env.NOTEBOOK_DIR = work;
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

let engine;
let built;
async function load() {
  if (!fs.existsSync(bundle)) {
    throw new Refused(`${bundle} is missing: run \`make upstream\` (bf36eae) or \`make upstream-history\` (every commit) first`);
  }
  try {
    built = JSON.parse(fs.readFileSync(builtFile, 'utf8'));
  } catch (e) {
    throw new Refused(`${builtFile}: ${e.message} (build.mjs writes it beside the bundle: rebuild with \`make upstream\`)`);
  }
  if (typeof built.commit !== 'string' || built.commit === '' || typeof built.date !== 'string' || built.date === '') {
    throw new Refused(`${builtFile}: "commit" and "date" must be non-empty strings`);
  }
  IMPLEMENTATION.version = `${built.commit} (${built.date})`;
  await watchReads();
  engine = await import(bundle);
  mapHelpers();
  await engine.db.init();
  await mapSchema();
}

// ---- what the tree has ------------------------------------------------------
//
// The history changes the inflator's helpers, its concurrency and the
// database's schema (README.md, "Across the engine's history"). The adapter
// reads them from the tree it was given, and refuses one it cannot map.
const tree = { snap: false, body: false, documents: null, compoundBody: false };

function mapHelpers() {
  const missing = [];
  const CI = engine.ContextInflator;
  if (typeof CI !== 'function') missing.push('ContextInflator');
  else {
    for (const name of ['inflate', 'inflateFromDisk', 'getAtomLocations']) {
      if (typeof CI[name] !== 'function') missing.push(`ContextInflator.${name}`);
    }
  }
  if (typeof engine.executeDistributedRadialSearch !== 'function') missing.push('executeDistributedRadialSearch');
  if (typeof engine.db?.init !== 'function' || typeof engine.db?.run !== 'function') missing.push('db.init and db.run');
  if (missing.length > 0) throw new Refused(`the engine at ${built.commit} has no ${missing.join(', ')}: this adapter cannot map it`);
  tree.snap = typeof CI.snapToSentenceBoundary === 'function';
  tree.body = typeof CI.inflateFromCompoundBody === 'function';
  observe();
}

// mapSchema reads the schema the engine's own init() created and chooses
// where a document goes: a row of compounds (id, compound_body, path,
// timestamp, provenance; b47fb922 has no compound_body) or, where there is no compounds
// table (445f42f6: paths come from molecules.source_path), a row of
// molecules (id, compound_id, content, start_byte, end_byte, source_path,
// timestamp, provenance). atom_positions (compound_id, atom_label,
// byte_offset) holds the census in every version.
async function mapSchema() {
  const r = await engine.db.run(
    "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND table_name IN ('compounds', 'molecules', 'atom_positions')",
  );
  const cols = new Map();
  for (const row of r.rows) {
    if (!cols.has(row.t)) cols.set(row.t, new Set());
    cols.get(row.t).add(row.c);
  }
  const lacks = (table, names) => names.filter((c) => !cols.get(table)?.has(c));
  const ap = lacks('atom_positions', ['compound_id', 'atom_label', 'byte_offset']);
  if (ap.length > 0) throw new Refused(`the engine's schema at ${built.commit} has no atom_positions.${ap.join(', atom_positions.')}: this adapter cannot map it`);
  if (cols.has('compounds')) {
    const c = lacks('compounds', ['id', 'path', 'timestamp', 'provenance']);
    if (c.length > 0) throw new Refused(`the engine's schema at ${built.commit} has a compounds table without ${c.join(', ')}: this adapter cannot map it`);
    tree.documents = 'compounds';
    tree.compoundBody = cols.get('compounds').has('compound_body'); // gone in b47fb922
    return;
  }
  const m = lacks('molecules', ['id', 'compound_id', 'content', 'start_byte', 'end_byte', 'source_path', 'timestamp', 'provenance']);
  if (m.length > 0) throw new Refused(`the engine's schema at ${built.commit} has no compounds table and no molecules.${m.join(', molecules.')}: this adapter cannot map it`);
  tree.documents = 'molecules';
}

// ---- observing ContextInflator.inflate ------------------------------------
//
// ContextInflator.inflate returns each result's text wrapped as `...text...`
// and keeps the hit's own start_byte/end_byte (context-inflator.ts:83-87), so
// the window's place in the document is not in its answer. The adapter wraps
// the helpers that cut a result's window (inflateFromDisk, and
// inflateFromCompoundBody where it exists) to watch, without changing, what
// they do: the file read the chunk came from (its byte position), where
// snapToSentenceBoundary cut it (where that exists) and the text returned.
// From 39c9800f the engine inflates up to 20 results at once, so every
// observation is kept in the AsyncLocalStorage of the helper call it was made
// in: it belongs to that call, whatever runs beside it.
const helperCall = new AsyncLocalStorage(); // { id, from, reads: [], snaps: [] }
const inflateCall = new AsyncLocalStorage(); // the inflate request's records: []

function observe() {
  const CI = engine.ContextInflator;
  for (const [name, from] of [['inflateFromDisk', 'disk'], ['inflateFromCompoundBody', 'body']]) {
    const original = CI[name];
    if (typeof original !== 'function') continue;
    CI[name] = function (res, radius, ...rest) {
      const record = { id: res?.id, from, radius, reads: [], snaps: [], returned: null, used: false };
      return helperCall.run(record, async () => {
        const out = await original.call(this, res, radius, ...rest);
        record.returned = out;
        inflateCall.getStore()?.push(record);
        return out;
      });
    };
  }
  if (tree.snap) {
    const snap = CI.snapToSentenceBoundary;
    CI.snapToSentenceBoundary = function (content, targetStart, targetEnd) {
      const out = snap.call(this, content, targetStart, targetEnd);
      helperCall.getStore()?.snaps.push({ content, out });
      return out;
    };
  }
}

// watchReads records every read of a file the engine makes inside a helper
// call: fs.readSync (up to 0a49675c) and FileHandle.read (from 39c9800f),
// with the position read from and the bytes read. The wrappers call the
// original with the same arguments and return its result untouched.
async function watchReads() {
  const require = createRequire(import.meta.url);
  const cjs = require('fs');
  const readSync = cjs.readSync;
  cjs.readSync = function (fd, buffer, offset, length, position, ...rest) {
    const n = readSync.call(this, fd, buffer, offset, length, position, ...rest);
    if (helperCall.getStore() && Buffer.isBuffer(buffer) && typeof position === 'number') {
      helperCall.getStore().reads.push({ position, bytes: Buffer.from(buffer.subarray(offset || 0, (offset || 0) + n)) });
    }
    return n;
  };
  syncBuiltinESMExports();
  const probe = path.join(work, 'probe');
  fs.writeFileSync(probe, '');
  // FileHandle's prototype, from a handle of the adapter's own
  const handle = await fs.promises.open(probe, 'r');
  const proto = Object.getPrototypeOf(handle);
  await handle.close();
  const read = proto.read;
  proto.read = async function (buffer, offset, length, position, ...rest) {
    const out = await read.call(this, buffer, offset, length, position, ...rest);
    if (helperCall.getStore() && Buffer.isBuffer(buffer) && typeof position === 'number') {
      helperCall.getStore().reads.push({ position, bytes: Buffer.from(buffer.subarray(offset || 0, (offset || 0) + out.bytesRead)) });
    }
    return out;
  };
}

// ---- the documents, as the engine stores them ------------------------------

// store puts the request's documents where the engine reads them (mapSchema
// says which table): a row whose path names a file holding the body, as the
// engine's mirror does (context-inflator.ts:187-211), and the body itself in
// compound_body (or the molecule's content) for its fallback.
async function store(documents) {
  const db = engine.db;
  await db.run('DELETE FROM atom_positions');
  await db.run(`DELETE FROM ${tree.documents}`);
  const seen = new Set();
  const bodies = new Map();
  const rows = { id: [], body: [], path: [], timestamp: [] };
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
    rows.timestamp.push(0);
  }
  try {
    await insertDocuments(rows);
  } catch (e) {
    throw new InvalidRequest(`the engine's database refuses the documents: ${e.message}`);
  }
  return bodies;
}

// insertDocuments writes rows {id, body, path, timestamp} (arrays) into the
// table mapSchema chose. A molecule row spans its whole body.
async function insertDocuments(rows) {
  if (rows.id.length === 0) return;
  const db = engine.db;
  if (tree.documents === 'compounds' && !tree.compoundBody) {
    await db.run(
      "INSERT INTO compounds (id, path, timestamp, provenance) SELECT id, path, ts, 'internal' FROM unnest($1::text[], $2::text[], $3::float8[]) AS t(id, path, ts)",
      [rows.id, rows.path, rows.timestamp],
    );
    return;
  }
  if (tree.documents === 'compounds') {
    await db.run(
      "INSERT INTO compounds (id, compound_body, path, timestamp, provenance) SELECT id, body, path, ts, 'internal' FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[]) AS t(id, body, path, ts)",
      [rows.id, rows.body, rows.path, rows.timestamp],
    );
    return;
  }
  await db.run(
    "INSERT INTO molecules (id, compound_id, content, start_byte, end_byte, source_path, timestamp, provenance) SELECT 'ctxconform-' || id, id, body, 0, octet_length(body), path, ts, 'internal' FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[]) AS t(id, body, path, ts)",
    [rows.id, rows.body, rows.path, rows.timestamp],
  );
}

// ---- inflate: ContextInflator.inflate (std085 §2-3) ------------------------

// EngineError: the engine's answer cannot be read as an answer (text the
// adapter cannot place, a result it did not observe being cut, a row of a
// compound the request does not hold). Reported as an error (`internal`),
// never as windows or matches.
class EngineError extends Error {}

// engineCall runs one call of the engine, timed (see bench), and returns
// its answer and the lines it logged. The engine catches some failures of
// its own, logs them with console.error and answers as if it had found
// nothing (its census SQL at 445f42f6 is refused by PostgreSQL on every
// call; a term holding U+0000 is refused at every commit): that answer is
// what the engine gives its callers, so it is what is judged, and the
// failure it logged goes to standard error, where the run's log keeps it.
// What the adapter could not read from the engine is an EngineError, never
// an answer.
async function engineCall(name, call) {
  const log = { lines: [] };
  const out = await opLog.run(log, () => timed(call));
  for (const { level, line } of log.lines) {
    if (level === 'error') process.stderr.write(`main.mjs: the engine (${built.commit}) logged a failure in ${name} and answered on: ${line}\n`);
  }
  return { out, lines: log.lines.map((l) => l.line) };
}

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
  const records = [];
  const { out } = await engineCall('ContextInflator.inflate', () => inflateCall.run(records, () => engine.ContextInflator.inflate(results, budget, 0)));
  if (!Array.isArray(out)) throw new EngineError(`ContextInflator.inflate returned ${typeof out}, not a list of results`);
  const windows = [];
  for (const r of out) {
    const inflated = r.is_inflated === true || (typeof r.content === 'string' && r.content !== '');
    if (!inflated) continue; // the engine left it as it came: no window
    // The engine wraps the helper's text as `...text...` (context-inflator.ts:85).
    const content = typeof r.content === 'string' ? r.content : '';
    if (!content.startsWith('...') || !content.endsWith('...') || content.length < 6) {
      throw new EngineError(`result ${JSON.stringify(r.id)}: the engine's content is not of the form "...text...": ${JSON.stringify(content.slice(0, 80))}`);
    }
    const text = content.slice(3, -3);
    const w = records.find((rec) => !rec.used && rec.id === r.id && rec.returned === text);
    if (!w) {
      throw new EngineError(`result ${JSON.stringify(r.id)}: the engine returned text that no observed call of its helpers cut (is this tree one the adapter maps? README.md)`);
    }
    w.used = true;
    const body = bodies.get(r.compound_id);
    if (!body) throw new EngineError(`result ${JSON.stringify(r.id)}: the engine inflated compound ${JSON.stringify(r.compound_id)}, which the request does not hold`);
    windows.push({ compound_id: r.compound_id, ...place(w, text, body, r.id), hits: [r.id], score: r.score || 0 });
  }
  return { windows };
}

// place finds where the text a helper returned lies in the document.
//
// From the file (every version): the helper read a chunk of bytes at a
// position (observed: the read), decoded it as UTF-8 and cut the text from
// the decoded string, with snapToSentenceBoundary where the tree has it
// (from ef6acb54: the snap's start plus the white space trim() removed) and
// by dropping partial words where it has not (744e5423, 1cbce95a: the text
// is then found in the decoded chunk, its first occurrence). A position in
// the decoded string is turned back into the byte where the same text
// begins (where the chunk begins or ends inside a character, the decoder
// made a U+FFFD of the cut bytes: the text then holds it, as the engine's
// does).
//
// From compound_body (the fallback, up to cdb019e3): the chunk is a
// JavaScript string cut from the body; it is found in the body (it must be
// there exactly once) and a position is turned into bytes by encoding what
// precedes it.
function place(w, text, body, id) {
  const cannot = (why) => new EngineError(`result ${JSON.stringify(id)}: cannot place the window the engine cut (${why})`);
  let content;
  let rel;
  const snap = w.snaps.find((s) => s.out && s.out.text === text);
  if (snap) {
    content = snap.content;
    const raw = content.substring(snap.out.start, snap.out.end);
    rel = snap.out.start + (raw.length - raw.trimStart().length);
    if (content.substring(rel, rel + text.length) !== text) throw cannot('the snapped text is not where the snap says');
  }
  if (w.from === 'disk') {
    if (w.reads.length !== 1) throw cannot(`${w.reads.length} file reads in one helper call`);
    const { position, bytes } = w.reads[0];
    const decoded = bytes.toString('utf8');
    if (!snap) {
      content = decoded;
      rel = content.indexOf(text);
      if (rel < 0) throw cannot('its text is not in the chunk it read');
    } else if (!content.startsWith(decoded) && !decoded.startsWith(content)) {
      throw cannot('the snapped chunk is not the chunk read');
    }
    return { start: position + byteOf(bytes, content, rel), end: position + byteOf(bytes, content, rel + text.length), text };
  }
  const str = body.toString('utf8');
  if (!snap) {
    content = text;
    rel = 0;
  }
  const at = str.indexOf(content);
  if (at < 0) throw cannot('its chunk is not in the document');
  if (str.indexOf(content, at + 1) >= 0) throw cannot('its chunk occurs more than once in the document');
  return {
    start: Buffer.byteLength(str.substring(0, at + rel), 'utf8'),
    end: Buffer.byteLength(str.substring(0, at + rel + text.length), 'utf8'),
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
      const none = path.join(work, 'none');
      await insertDocuments({ id: ids, body: ids.map(() => ''), path: ids.map(() => none), timestamp: ids.map((_, i) => entries.length - i) });
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
  const { out: rows } = await engineCall('ContextInflator.getAtomLocations', () => engine.ContextInflator.getAtomLocations(req.term, limit));
  if (!Array.isArray(rows)) throw new EngineError(`ContextInflator.getAtomLocations returned ${typeof rows}, not a list of rows`);
  // The query ORs the standard's exact test (LOWER(label) = LOWER(term), for
  // the term with and without '#', :314-315) with its prefix test (ILIKE
  // 'term%', :315) and reports no tier: a row is in the exact tier when the
  // database finds one of the exact disjuncts true, else in the prefix tier.
  const withHash = req.term.startsWith('#') ? req.term : `#${req.term}`;
  const withoutHash = req.term.startsWith('#') ? req.term.slice(1) : req.term;
  const matches = [];
  for (const row of rows) {
    const m = /^e(\d+)$/.exec(String(row?.compoundId));
    const e = m ? entries[Number(m[1])] : undefined;
    if (!e) throw new EngineError(`ContextInflator.getAtomLocations returned a row of compound ${JSON.stringify(row?.compoundId)}, which the request does not hold`);
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
  await insertDocuments({ id: ['c'], body: [''], path: [path.join(work, 'none')], timestamp: [0] });
  for (const [i, term] of TERMS.entries()) {
    const share = Math.floor(hits / TERMS.length) + (i < hits % TERMS.length ? 1 : 0);
    const n = Math.min(share, CENSUS_ROWS);
    if (n > 0) await db.run('INSERT INTO atom_positions (compound_id, atom_label, byte_offset) SELECT $1, $2, g FROM generate_series(0, $3::int - 1) g', ['c', term, n]);
  }
  const radiusLine = /Elastic Radius = (-?\d+) bytes\/hit/;
  const { lines } = await engineCall('executeDistributedRadialSearch',
    () => engine.executeDistributedRadialSearch(TERMS.join(' '), undefined, req.budget, 'all', 1.0));
  for (const line of lines) {
    const m = radiusLine.exec(line);
    if (m) return { radius: Number(m[1]) };
  }
  throw new EngineError('the engine did not log its elastic radius');
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
          if (e instanceof Refused) process.stderr.write(`main.mjs: ${e.message}\n`);
          process.exitCode = e instanceof Refused ? 2 : 1;
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
