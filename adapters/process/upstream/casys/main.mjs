// The casys-pml adapter: a program speaking ctxconform's process protocol
// (adapters/process/PROTOCOL.md) that answers `expand` and
// `expand_multiplier` by calling casys-pml's own searchToolsHybrid
// (src/graphrag/search/hybrid-search.ts at ba8b9272), unchanged, with its
// own VectorSearch (src/vector/search.ts) and graph (GraphStore over
// graphology). build.mjs bundles this file with that code; README.md says
// every interpretation and stand-in, with the line that justifies it.
//
// Stand-ins (README.md, "Stand-ins"): the embedding model (BGE-M3, weights
// from a model hub) is StandInModel, hashed trigram vectors, the same as
// the reference's semantic stage; the database (PostgreSQL with pgvector)
// is StandInDb, which answers VectorSearch's one query as PostgreSQL would.
import './stubs/deno-global.mjs'; // first: casys-pml's modules read Deno.env as they load

import readline from 'node:readline';

import { searchToolsHybrid } from 'casys:graphrag/search/hybrid-search.ts';
import { VectorSearch } from 'casys:vector/search.ts';
import { schemaToText } from 'casys:vector/embeddings.ts';
import { GraphStore } from 'casys:graphrag/core/graph-store.ts';

import unicode from '../../examples/node/unicode.js';

const { isLetterOrDigit, lowerRune } = unicode;

const PROTOCOL = 1;
const IMPLEMENTATION = {
  name: 'casys-pml',
  version: 'ba8b9272 (searchToolsHybrid, graphology 0.25.4)',
  language: 'typescript',
  unit: 'utf16',
  standards: ['expand'],
};

// ---- the stand-in embedding model ----

// The reference's semantic stage (reference/expand/hybrid): trigrams of the
// words (runs of letters and digits, lower-cased, padded "  word "), counted
// into 512 buckets by 32-bit FNV-1a of their UTF-8 bytes.
const DIMS = 512;

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

function embed(text) {
  const v = new Array(DIMS).fill(0);
  const words = [];
  let cur = [];
  for (const ch of text + ' ') {
    const c = ch.codePointAt(0);
    if (isLetterOrDigit(c)) cur.push(lowerRune(c));
    else if (cur.length) {
      words.push(cur);
      cur = [];
    }
  }
  for (const w of words) {
    const p = [0x20, 0x20, ...w, 0x20];
    for (let i = 0; i + 3 <= p.length; i++) {
      v[fnv1a(Buffer.from(String.fromCodePoint(p[i], p[i + 1], p[i + 2]), 'utf8')) % DIMS]++;
    }
  }
  return v;
}

// StandInModel is VectorSearch's EmbeddingModelInterface
// (src/vector/embeddings.ts: encode(text): Promise<number[]>).
class StandInModel {
  async encode(text) {
    return embed(text);
  }
}

// ---- the stand-in database ----

// pgvector's cosine distance (vector.c, cosine_distance): sums in single
// precision, similarity = dot / sqrt(na·nb) in double, clamped to [-1, 1],
// distance = 1 - similarity; a zero vector gives NaN.
function cosineDistance(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot = Math.fround(dot + Math.fround(a[i] * b[i]));
    na = Math.fround(na + Math.fround(a[i] * a[i]));
    nb = Math.fround(nb + Math.fround(b[i] * b[i]));
  }
  let sim = dot / Math.sqrt(na * nb);
  if (sim > 1) sim = 1;
  else if (sim < -1) sim = -1;
  return 1 - sim;
}

// PostgreSQL's float8 order: NaN equals NaN and is above every number.
const pgGE = (x, y) => (Number.isNaN(x) ? true : Number.isNaN(y) ? false : x >= y);
const pgCompare = (x, y) => {
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
  if (Number.isNaN(y)) return -1;
  return x < y ? -1 : x > y ? 1 : 0;
};

// StandInDb is VectorSearch's DbClient for one catalogue: the rows of
// tool_embedding joined with tool_schema (src/db/migrations.ts:313-332), in
// the order they were loaded (the request's). It answers VECTOR_SEARCH_SQL
// (src/vector/search.ts) as PostgreSQL answers it by a sequential scan:
// WHERE 1 - distance >= $2, ORDER BY distance (rows at equal distance stay
// in load order), LIMIT $3. Any other query is an error.
class StandInDb {
  constructor(tools) {
    this.rows = [];
    const seen = new Set();
    for (const t of tools) {
      // tool_id is the PRIMARY KEY of tool_embedding and tool_schema.
      if (seen.has(t.id)) throw new InvalidRequest(`duplicate key value violates unique constraint "tool_embedding_pkey": Key (tool_id)=(${t.id}) already exists`);
      seen.add(t.id);
      const schema = { name: t.id, description: t.description ?? '', inputSchema: {} };
      // The stored embedding is the model's of schemaToText(schema), as
      // src/vector/embeddings.ts:514-515 computes it when tools are indexed.
      this.rows.push({ tool_id: t.id, server_id: 'ctxconform', tool_name: t.id, schema, embedding: embed(schemaToText(schema)) });
    }
    this.queries = [];
  }

  async query(sql, params = []) {
    if (!sql.includes('<=> $1::vector') || !sql.includes('LIMIT $3')) {
      throw new Error(`stand-in database: no answer for ${sql.trim().split('\n')[0]}…`);
    }
    const [literal, minScore, topK] = params;
    this.queries.push({ topK, minScore });
    const q = String(literal).slice(1, -1).split(',').filter((s) => s !== '').map(Number);
    if (q.length !== DIMS) throw new Error(`stand-in database: different vector dimensions ${DIMS} and ${q.length}`);
    if (!Number.isInteger(topK) || topK < 0) throw new Error(`LIMIT must not be negative (${topK})`);
    const hits = [];
    for (const row of this.rows) {
      const d = cosineDistance(row.embedding, q);
      const score = 1 - d;
      if (pgGE(score, minScore)) hits.push({ row, d, score });
    }
    hits.sort((x, y) => pgCompare(x.d, y.d)); // stable: load order at equal distance
    return hits.slice(0, topK).map(({ row, score }) => ({
      tool_id: row.tool_id,
      server_id: row.server_id,
      tool_name: row.tool_name,
      schema_json: row.schema,
      score,
    }));
  }
}

// ---- the operations ----

class InvalidRequest extends Error {}

// graphOf loads the request's usage graph into casys-pml's GraphStore
// (src/graphrag/core/graph-store.ts): a graphology DirectedGraph without
// self-loops; addEdge adds missing nodes and skips an edge it has.
function graphOf(req) {
  const store = new GraphStore();
  try {
    for (const id of req.nodes ?? []) store.addNode(id, { type: 'tool' });
    for (const e of req.edges ?? []) store.addEdge(e.from, e.to, {});
  } catch (err) {
    throw new InvalidRequest(`casys-pml's graph refused the request: ${err.message}`);
  }
  return store.getGraph();
}

// A VectorSearch whose searchTools calls are recorded (the limit the
// hybrid search asks for, what it gets back), then passed on unchanged.
function recorded(vs) {
  const calls = [];
  const search = vs.searchTools.bind(vs);
  vs.searchTools = async (query, topK, minScore) => {
    const call = { topK, minScore, results: null };
    calls.push(call);
    call.results = await search(query, topK, minScore);
    return call.results;
  };
  return calls;
}

// multiplierOf finds the multiplier searchToolsHybrid computes inline (it
// has no function of its own): a search with limit 2 asks for
// ceil(2·multiplier) candidates, 3, 4 or 6 for 1.5, 2 and 3.
const PROBE_LIMIT = 2;
async function multiplierOf(graph) {
  const vs = new VectorSearch(new StandInDb([]), new StandInModel());
  let asked = null;
  vs.searchTools = async (_query, topK) => {
    asked ??= topK;
    return [];
  };
  await searchToolsHybrid(vs, graph, {}, 'probe', { limit: PROBE_LIMIT });
  if (asked === null) throw new Error('searchToolsHybrid never asked the semantic stage');
  for (const m of [1, 1.5, 2, 3]) if (Math.ceil(PROBE_LIMIT * m) === asked) return m;
  throw new Error(`searchToolsHybrid asked for ${asked} candidates at limit ${PROBE_LIMIT}: no multiplier of ADR-023`);
}

async function expandMultiplier(req) {
  return { multiplier: await multiplierOf(graphOf(req)) };
}

async function expand(req) {
  const graph = graphOf(req);
  const db = new StandInDb(req.tools ?? []);
  const vs = new VectorSearch(db, new StandInModel());
  const calls = recorded(vs);
  const limit = req.limit ?? 0;
  // As src/graphrag/graph-engine.ts:504-519 calls it for search-handler.ts:66
  // (no context tools, no related tools, the default minScore 0.5), without
  // the engine's LocalAlphaCalculator (README.md, "Interpretations").
  const results = await searchToolsHybrid(vs, graph, {}, req.query ?? '', { limit, contextTools: [], includeRelated: false });
  const first = calls[0];
  return {
    ids: results.map((r) => r.toolId),
    asked: first ? first.topK : 0,
    candidates: first && first.results ? first.results.map((r) => r.toolId) : [],
    multiplier: await multiplierOf(graph),
  };
}

const OPERATIONS = { expand, expand_multiplier: expandMultiplier };

// ---- the protocol ----

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

async function bench(op, request, warmup, iterations) {
  for (let i = 0; i < warmup; i++) await op(request);
  let result;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) result = await op(request);
  const elapsed = process.hrtime.bigint() - t0;
  return { result, timing: { iterations, elapsed_ns: Number(elapsed), clock: 'process.hrtime.bigint' } };
}

async function answer(msg) {
  const op = OPERATIONS[msg.op];
  if (!op) {
    send({ type: 'error', seq: msg.seq, error: { kind: 'not_implemented', message: `casys-pml implements no ${msg.op}` } });
    return;
  }
  try {
    if (msg.type === 'bench') {
      const { result, timing } = await bench(op, msg.request, msg.warmup || 0, msg.iterations);
      send({ type: 'result', seq: msg.seq, result, bench: timing });
      return;
    }
    send({ type: 'result', seq: msg.seq, result: await op(msg.request) });
  } catch (e) {
    const kind = e instanceof InvalidRequest ? 'invalid_request' : 'internal';
    if (kind === 'internal') process.stderr.write(`${e.stack}\n`);
    send({ type: 'error', seq: msg.seq, error: { kind, message: e.message } });
  }
}

// One request at a time, in order: the harness waits for each answer.
let queue = Promise.resolve();

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
        capabilities: ['bench'].filter((c) => (msg.capabilities || []).includes(c)),
      });
      return;
    case 'request':
    case 'bench':
      queue = queue.then(() => answer(msg));
      return;
    case 'stop':
      queue.then(() => process.exit(0));
      return;
    default:
      send({ type: 'error', seq: msg.seq, error: { kind: 'invalid_request', message: `unexpected message ${msg.type}` } });
  }
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', handle);
rl.on('close', () => queue.then(() => process.exit(0)));
