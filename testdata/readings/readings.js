#!/usr/bin/env node
// readings.js MODE: the JavaScript example implementation
// (adapters/process/examples/node) changed in one place, where
// std105 §3, densification-chunking or ADR-023 can be read another way than
// the reference reads it. Each mode follows a reading a careful implementer
// could take; ctxconform must pass it on every MUST and SHOULD, and fail only
// the REFERENCE or ROBUST requirement that names the other side
// (readings_dsf_test.go). The modes, the reading and that requirement:
//
//   fuzzy-fixed-threshold   `atom_label % term` at pg_trgm's setting, left at
//                           its default 0.3: a threshold the request names is
//                           ignored (validated, never applied).      FUZ-22
//   fuzzy-like-syntax       `LIKE 'term%'` as written: the term's %, _ and \
//                           are LIKE's syntax, not data.             FUZ-06
//   fuzzy-prefix-like       `LIKE 'term%'` case-sensitive, as the Logic list
//                           writes it (its SQL has ILIKE): a label that
//                           starts with the term in another case is a
//                           trigram match if similar enough.         FUZ-24
//   fuzzy-prefix-like-declared
//                           the same, declaring it (prefix_case
//                           "sensitive", PROTOCOL.md "Declared
//                           configuration").                         FUZ-24
//
// And modes that declare what they do not do, or what the harness does not
// know (cmd/conformance's TestDeclaredReadings):
//
//   fuzzy-prefix-like-declares-insensitive
//                           fuzzy-prefix-like declaring prefix_case
//                           "insensitive": judged by its declaration,
//                           it fails FUZ-01 (MUST).
//   fuzzy-declares-upper    declares prefix_case "upper", no reading the
//                           harness knows: refused, exit 2.
//   fuzzy-declares-unknown  declares an item "prefix_caze": refused, exit 2.
//   expand-table-at-0.10    ADR-023's table ("Growing 0.01 - 0.10",
//                           "Mature > 0.10"): density exactly 0.10 is 2.0.
//                                                                    EXP-03
//   expand-topk0-default    a vector search that reads topK 0 as "use the
//                           default" (10 candidates for limit 0).    EXP-12
//   densify-listed-phrases  a classifier that knows only the phrases the text
//                           lists (overflow: "context window",
//                           "context_length_exceeded", "maximum context
//                           length", "prompt is too long", "input token count
//                           ... exceeds ... maximum"; rate limit: "tokens per
//                           minute", "rpm", "quota").                DSF-30
//   densify-capture-all     CaptureWorkflow retries every failed
//                           densification, the early rejection too.  DSF-13
//   densify-unaccounted     the answer reports no merge passes: an account of
//                           its calls the harness cannot follow.     DSF-19
//
// Each change is a textual edit of the example's source, checked to apply,
// so a change to the example that moves the edited line fails loudly.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const EXAMPLE = path.resolve(__dirname, '..', '..', 'adapters', 'process', 'examples', 'node');

// load compiles the example's file with edits applied and puts it where
// require finds it, so that the other files use the edited module.
function load(file, edits) {
  const filename = path.join(EXAMPLE, file);
  let src = fs.readFileSync(filename, 'utf8');
  for (const [from, to] of edits) {
    if (!src.includes(from)) throw new Error(`readings.js: ${file} no longer holds ${JSON.stringify(from)}`);
    src = src.split(from).join(to);
  }
  const m = new Module(filename, module);
  m.filename = filename;
  m.paths = Module._nodeModulePaths(EXAMPLE);
  require.cache[filename] = m;
  m._compile(src, filename);
  m.loaded = true;
  return m.exports;
}

// likePrefix: text ILIKE pattern || '%' with the pattern's own %, _ and \ as
// LIKE's syntax, on lower-cased code points.
const LIKE_PREFIX = `
function likePrefix(text, pattern) {
  const t = [...text], p = [...pattern, '%'];
  const match = (i, j) => {
    if (j === p.length) return i === t.length;
    if (p[j] === '%') {
      for (let k = i; k <= t.length; k++) if (match(k, j + 1)) return true;
      return false;
    }
    if (i === t.length) return false;
    if (p[j] === '_') return match(i + 1, j + 1);
    if (p[j] === '\\\\' && j + 1 < p.length) return t[i] === p[j + 1] && match(i + 1, j + 2);
    return t[i] === p[j] && match(i + 1, j + 1);
  };
  return match(0, 0);
}
`;

// The configuration a mode declares in its handshake (implementation.config).
const CONFIG = {
  'fuzzy-prefix-like-declared': { prefix_case: 'sensitive' },
  'fuzzy-prefix-like-declares-insensitive': { prefix_case: 'insensitive' },
  'fuzzy-declares-upper': { prefix_case: 'upper' },
  'fuzzy-declares-unknown': { prefix_caze: 'sensitive' },
};

// prefixLike: the prefix tier as `atom_label LIKE 'term%'`, case-sensitive.
const prefixLike = () => load('fuzzy.js', [
  ["else if (llabel.startsWith(lterm)) tier = 'prefix';", "else if (e.label.startsWith(term)) tier = 'prefix';"],
]);

const MODES = {
  'fuzzy-prefix-like': prefixLike,
  'fuzzy-prefix-like-declared': prefixLike,
  'fuzzy-prefix-like-declares-insensitive': prefixLike,
  'fuzzy-declares-upper': () => {},
  'fuzzy-declares-unknown': () => {},
  'fuzzy-fixed-threshold': () => load('fuzzy.js', [
    ["else if (sim >= threshold) tier = 'trigram';", "else if (sim >= DEFAULT_THRESHOLD) tier = 'trigram';"],
  ]),
  'fuzzy-like-syntax': () => load('fuzzy.js', [
    ["else if (llabel.startsWith(lterm)) tier = 'prefix';", "else if (likePrefix(llabel, lterm)) tier = 'prefix';"],
    ['function fuzzySearch(req) {', LIKE_PREFIX + '\nfunction fuzzySearch(req) {'],
  ]),
  'expand-table-at-0.10': () => load('expand.js', [
    ["if (10n * e < n * (n - 1n)) return 'growing';", "if (10n * e <= n * (n - 1n)) return 'growing';"],
  ]),
  'expand-topk0-default': () => load('expand.js', [
    ['.slice(0, asked);', '.slice(0, asked || 10); // topK 0: the vector search\'s default'],
  ]),
  'densify-listed-phrases': () => load('densify.js', [
    ["  if (error.status === 429) return 'rate_limit';\n", ''],
    [`const RATE_LIMIT_PHRASES = ['rate limit', 'rate_limit', 'ratelimit', 'tokens per min', 'requests per min',
  'tokens per day', 'requests per day', 'quota', 'resource_exhausted', 'resource exhausted',
  'resource has been exhausted', 'too many requests', 'http 429', 'status 429', 'status code 429',
  'status: 429', 'code: 429', '"code":429', '"code": 429'];
const RATE_LIMIT_WORDS = ['tpm', 'rpm', 'tpd', 'rpd'];
const OVERFLOW_RULES = [['context_length_exceeded'], ['context window'], ['contextwindow'], ['context_window'],
  ['maximum context length'], ['max context length'], ['prompt is too long'], ['input is too long'],
  ['context limit', 'exceed'], ['input token count', 'exceed'], ['maximum number of tokens allowed'],
  ['exceed_context_size'], ['context size', 'exceed'], ['contextsizeexceeded'], ['context length', 'exceed'],
  ['context length of only'], ['input tokens exceed']];`,
    `const RATE_LIMIT_PHRASES = ['tokens per minute', 'quota'];
const RATE_LIMIT_WORDS = ['rpm'];
const OVERFLOW_RULES = [['context window'], ['context_length_exceeded'], ['maximum context length'],
  ['prompt is too long'], ['input token count', 'exceeds', 'maximum']];`],
  ]),
  'densify-capture-all': () => load('densify.js', [
    ["if (e.kind !== 'provider') break; // only provider failures are retried", '// every failure is retried'],
  ]),
  'densify-unaccounted': () => load('densify.js', [
    ['answer.runs.push(attempt.shape(output));', 'answer.runs.push(unaccounted(attempt.shape(output)));'],
    ["answer.runs.push(attempt.shape(''));", "answer.runs.push(unaccounted(attempt.shape('')));"],
    ['async function densify(request, complete) {', `function unaccounted(run) {
  for (const r of run.rounds || []) for (const m of r.merges || []) m.passes = [];
  return run;
}

async function densify(request, complete) {`],
  ]),
};

const mode = process.argv[2];
if (!MODES[mode]) {
  console.error(`usage: readings.js MODE (one of: ${Object.keys(MODES).join(', ')})`);
  process.exit(2);
}
MODES[mode]();
// The protocol loop of impl.js, which runs it only as the main module.
const declare = CONFIG[mode] ? [["  unit: 'utf16',\n", `  unit: 'utf16',\n  config: ${JSON.stringify(CONFIG[mode])},\n`]] : [];
load('impl.js', [['if (require.main === module) {', 'if (true) {'], ...declare]);
