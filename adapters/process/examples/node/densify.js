'use strict';
// Densification (densification-chunking.md), as ctxconform's reference does
// it (reference/densify), in JavaScript with the standard library only.
//
// One captured text becomes one dense text through a language model whose
// context window is limited: one full call when the text fits, else chunks
// and hierarchical merges. The model is the harness's: every call goes out as
// a protocol "call" message and comes back as a "reply" (see impl.js and
// PROTOCOL.md, "Language-model calls"). The sections of the standard each
// part follows are named in its comment; where the standard leaves a choice,
// this file makes the reference's (reference/densify/doc.go, "Decisions").
//
//   densify(request, complete) -> Promise<answer>
//
// complete(prompt, input) -> Promise<{output} | {error}>, error being the
// reply's provider error {message, provider?, status?, type?, code?, kind?}.

// ---------------------------------------------------------------------------
// Defaults ("Budget values", "High-level flow", "Capture-level retry").

const DEFAULT_MAX_INPUT = 100000; // maxDensificationInputTokens
const DEFAULT_CAP = 100000; // remote providers' assumed window
const FLOOR = 320; // no budget is halved below this
const DEFAULT_WORK_LIMIT = 4; // calls in flight
const CAPTURE_ATTEMPTS = 2; // CaptureWorkflow: 2 attempts in all
const MIN_CHUNK_WORDS = 120;
const MAX_CHUNK_WORDS = 420;
const PARAGRAPH_SEPARATOR = '\n\n';
const MERGE_SEPARATOR = '\n\n---\n\n';
const WIDEST_NUMBER = 999999999; // every number of a prompt, when its overhead is estimated

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
const halve = (budget) => Math.max(FLOOR, Math.floor(budget / 2));

// ---------------------------------------------------------------------------
// Token estimate: one token per CJK character, ceil(n/3) for the n others
// (code points), as the standard's original code counts.

function isCJK(c) {
  return (c >= 0x2e80 && c <= 0x2fd5) || (c >= 0x2ff0 && c <= 0x2fff) ||
    (c >= 0x3040 && c <= 0x309f) || (c >= 0x30a0 && c <= 0x30ff) ||
    (c >= 0x3100 && c <= 0x312f) || (c >= 0x3130 && c <= 0x318f) ||
    (c >= 0x31a0 && c <= 0x31bf) || (c >= 0x31c0 && c <= 0x31ef) ||
    (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xff66 && c <= 0xff9d);
}

function tokens(s) {
  let cjk = 0;
  let other = 0;
  for (const ch of s) {
    if (isCJK(ch.codePointAt(0))) cjk++;
    else other++;
  }
  return cjk + Math.floor((other + 2) / 3);
}

// White space as Go's unicode.IsSpace sees it (JavaScript's trim differs on
// U+0085 and U+FEFF), so text is cut where the reference cuts it.
function isSpace(ch) {
  const c = ch.codePointAt(0);
  return (c >= 0x09 && c <= 0x0d) || c === 0x20 || c === 0x85 || c === 0xa0 || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

function trimSpace(s) {
  const chars = Array.from(s);
  let a = 0;
  let b = chars.length;
  while (a < b && isSpace(chars[a])) a++;
  while (b > a && isSpace(chars[b - 1])) b--;
  return chars.slice(a, b).join('');
}

function fields(s) {
  const out = [];
  let cur = '';
  for (const ch of s) {
    if (isSpace(ch)) {
      if (cur) out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  if (cur) out.push(cur);
  return out;
}

// ---------------------------------------------------------------------------
// Prompts. Each names its stage ("chunk", "merge"; neither for the full
// call) and states its word target as "Max length: N words.", which the
// model reserves output for.

const RULES = 'Keep facts, intent, actions, outcomes, constraints and errors. ' +
  'Drop low-signal repetition and boilerplate. Do not add assumptions. Return dense plain text only.';

const fullPrompt = (words) =>
  `Extract the essential context from the captured text below.\n${RULES}\nMax length: ${words} words.`;
const chunkPrompt = (index, total, words) =>
  `Extract the essential context from this chunk of a larger captured text.\nChunk ${index} of ${total}.\n${RULES}\nMax length: ${words} words.`;
const mergePrompt = (pass, words) =>
  `Merge these partial summaries into one coherent context; remove duplicates.\nMerge pass ${pass}; partials are separated by lines of three dashes.\n${RULES}\nMax length: ${words} words.`;

// ---------------------------------------------------------------------------
// Budgets ("Budget values"; "Do we include potential output tokens in input
// sizing?"): allowedInput = cap - promptOverhead - outputReserve -
// safetyMargin. A call reserves the output its word target asks for, 4/3 of
// a token a word; budgets are derived from the window, with no fixed ceiling.

const reserve = (words) => Math.floor((4 * words + 2) / 3);
const wordsFor = (t) => Math.max(0, Math.floor((3 * t) / 4));
const safetyMargin = (cap) => clamp(Math.floor(cap / 10), 120, 3200);
const fullWords = (t) => clamp(Math.floor((t * 16) / 100), MIN_CHUNK_WORDS, MAX_CHUNK_WORDS);
const mergeWords = (budget) => clamp(Math.floor((budget * 18) / 100), 160, 520);

function plan(cap) {
  const margin = safetyMargin(cap);
  const chunkRoom = cap - tokens(chunkPrompt(WIDEST_NUMBER, WIDEST_NUMBER, WIDEST_NUMBER)) - margin;
  const mergeRoom = cap - tokens(mergePrompt(WIDEST_NUMBER, WIDEST_NUMBER)) - margin;
  return {
    cap,
    allowedFull: cap - tokens(fullPrompt(WIDEST_NUMBER)) - reserve(MAX_CHUNK_WORDS) - margin,
    chunkRoom,
    maxChunk: Math.max(FLOOR, chunkRoom - reserve(MIN_CHUNK_WORDS)),
    merge: Math.max(FLOOR, mergeRoom - reserve(mergeWords(mergeRoom))),
  };
}

// The chunk word target of a round of n chunks: each partial gets its share
// of the merge budget, so that all of them meet in one merge group.
function chunkWords(p, n, chunkBudget, mergeBudget) {
  const share = Math.floor((mergeBudget + 3) / Math.max(n, 1)) - 3;
  return wordsFor(Math.max(reserve(MIN_CHUNK_WORDS), Math.min(reserve(MAX_CHUNK_WORDS), share, p.chunkRoom - chunkBudget)));
}

// The first round's chunk budget: the largest that lets the partials meet in
// one merge group (n = tokens/maxBudget, n+1, ... until the budget for n
// cuts the input into at most n chunks).
function firstChunk(p, input, maxBudget, merge) {
  maxBudget = Math.max(FLOOR, maxBudget);
  const t = tokens(input);
  for (let n = Math.max(1, Math.floor(t / maxBudget)); ; n++) {
    const r = Math.max(reserve(MIN_CHUNK_WORDS), Math.min(reserve(MAX_CHUNK_WORDS), Math.floor((merge + 3) / n) - 3));
    const b = Math.max(FLOOR, Math.min(maxBudget, p.chunkRoom - r));
    if (b === maxBudget || r === reserve(MIN_CHUNK_WORDS)) return b;
    if (chunk(input, b).length <= n) return b;
  }
}

// ---------------------------------------------------------------------------
// Planner (densifyInChunks steps 1 and 3): chunks and merge groups.

function paragraphs(text) {
  const out = [];
  let lines = [];
  const flush = () => {
    const para = trimSpace(lines.join('\n'));
    if (para) out.push(para);
    lines = [];
  };
  for (const line of text.replaceAll('\r\n', '\n').split('\n')) {
    if (trimSpace(line) === '') flush();
    else lines.push(line);
  }
  flush();
  return out;
}

const normalize = (parts) => parts.map(trimSpace).filter((s) => s !== '');

// Packs pieces greedily, in order, under budget, each separator counted.
function pack(pieces, budget, sepTokens) {
  const groups = [];
  let current = [];
  let count = 0;
  for (const piece of pieces) {
    const t = tokens(piece);
    if (current.length > 0 && count + sepTokens + t > budget) {
      groups.push(current);
      current = [];
      count = 0;
    }
    if (current.length > 0) count += sepTokens;
    current.push(piece);
    count += t;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

// Chunks of at most budget: paragraphs, a paragraph too large cut into
// words, a word too large into the longest runs of characters that fit.
function chunk(text, budget) {
  const pieces = [];
  for (const para of paragraphs(text)) {
    if (tokens(para) <= budget) pieces.push(para);
    else pieces.push(...splitWords(para, budget));
  }
  return pack(pieces, budget, tokens(PARAGRAPH_SEPARATOR)).map((g) => g.join(PARAGRAPH_SEPARATOR));
}

function splitWords(para, budget) {
  const out = [];
  let words = [];
  for (const w of fields(para)) {
    if (tokens(w) > budget) {
      out.push(...pack(words, budget, tokens(' ')).map((g) => g.join(' ')), ...splitChars(w, budget));
      words = [];
    } else {
      words.push(w);
    }
  }
  out.push(...pack(words, budget, tokens(' ')).map((g) => g.join(' ')));
  return out;
}

function splitChars(w, budget) {
  const chars = Array.from(w);
  const out = [];
  let first = 0;
  while (first < chars.length) {
    let lo = 0; // the longest prefix that fits, by binary search
    let hi = chars.length - first;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (tokens(chars.slice(first, first + mid).join('')) <= budget) lo = mid;
      else hi = mid - 1;
    }
    if (lo === 0) throw new Error(`a character alone estimates over the budget ${budget}`);
    out.push(chars.slice(first, first + lo).join(''));
    first += lo;
  }
  return out;
}

// Merge groups under budget; a partial over it is first cut at half.
function groups(partials, budget) {
  const pieces = [];
  for (const partial of normalize(partials)) {
    if (tokens(partial) <= budget) pieces.push(partial);
    else pieces.push(...chunk(partial, Math.max(FLOOR, Math.floor(budget / 2))));
  }
  return pack(pieces, budget, tokens(MERGE_SEPARATOR));
}

// ---------------------------------------------------------------------------
// Error classification ("Context-window error detection"): rate limits
// first (HTTP 429 always), then overflow phrases, else other.

const RATE_LIMIT_PHRASES = ['rate limit', 'rate_limit', 'ratelimit', 'tokens per min', 'requests per min',
  'tokens per day', 'requests per day', 'quota', 'resource_exhausted', 'resource exhausted',
  'resource has been exhausted', 'too many requests', 'http 429', 'status 429', 'status code 429',
  'status: 429', 'code: 429', '"code":429', '"code": 429'];
const RATE_LIMIT_WORDS = ['tpm', 'rpm', 'tpd', 'rpd'];
const OVERFLOW_RULES = [['context_length_exceeded'], ['context window'], ['contextwindow'], ['context_window'],
  ['maximum context length'], ['max context length'], ['prompt is too long'], ['input is too long'],
  ['context limit', 'exceed'], ['input token count', 'exceed'], ['maximum number of tokens allowed'],
  ['exceed_context_size'], ['context size', 'exceed'], ['contextsizeexceeded'], ['context length', 'exceed'],
  ['context length of only'], ['input tokens exceed']];

function containsWord(s, w) {
  const alnum = (c) => /[a-z0-9]/i.test(c || '');
  for (let i = s.indexOf(w); i >= 0; i = s.indexOf(w, i + 1)) {
    if (!alnum(s[i - 1]) && !alnum(s[i + w.length])) return true;
  }
  return false;
}

function classify(error) {
  if (!error || error.kind === 'canceled') return 'other';
  if (error.status === 429) return 'rate_limit';
  const s = `${error.type || ''} ${error.code || ''} ${error.message || ''}`.toLowerCase();
  if (RATE_LIMIT_PHRASES.some((p) => s.includes(p)) || RATE_LIMIT_WORDS.some((w) => containsWord(s, w))) return 'rate_limit';
  if (OVERFLOW_RULES.some((rule) => rule.every((p) => s.includes(p)))) return 'overflow';
  return 'other';
}

// The window an overflow message states ("adapted down by failures").
const WINDOW_PATTERNS = [/maximum context length is (\d+)/, /(\d+) maximum context length/, /tokens > (\d+) maximum/,
  /context limit: \d+ \+ \d+ > (\d+)/, /maximum number of tokens allowed \((\d+)\)/,
  /available context size \((\d+) tokens\)/, /context window of (\d+)/, /context length of only (\d+)/,
  /configured limit of (\d+)/];

function statedWindow(error) {
  if (classify(error) !== 'overflow') return 0;
  const text = (error.message || '').toLowerCase();
  for (const re of WINDOW_PATTERNS) {
    const m = text.match(re);
    if (m && Number(m[1]) > 0) return Number(m[1]);
  }
  return 0;
}

// A failed densification: kind is the answer's failure, cause the provider
// error behind it (its class decides what the flow does).
class Failure extends Error {
  constructor(kind, message, cause) {
    super(message);
    this.kind = kind;
    this.cause = cause;
  }
}

const providerFailure = (where, error) =>
  new Failure('provider', `${where}: ${error.provider || 'provider'}: ${error.message}`, error);
const isOverflow = (e) => e instanceof Failure && e.cause !== undefined && classify(e.cause) === 'overflow';

// ---------------------------------------------------------------------------
// One attempt ("High-level flow", "Retry strategy", "densifyInChunks",
// "What happens when merge pass overflows?", "Non-reducing merge guard").

class Attempt {
  constructor(cfg, complete) {
    this.cfg = cfg;
    this.complete = complete;
    this.plan = plan(cfg.cap);
    this.calls = []; // {stage, round, mergeTry, pass, chunkBudget, mergeBudget}, in dispatch order
    this.joined = false;
    this.mergeBudget = 0;
  }

  async run(input) {
    const t = tokens(input);
    if (t > this.cfg.maxInput) {
      throw new Failure('input_too_long', `input estimated at ${t} tokens exceeds the limit of ${this.cfg.maxInput}`);
    }
    if (trimSpace(input) === '') return '';
    let entry = this.cfg.entry;
    if (entry === '') entry = t <= this.plan.allowedFull ? 'reactive' : 'proactive';
    if (entry === 'proactive') return this.chunked(input, this.plan.maxChunk, this.plan.merge);
    try {
      return (await this.step([{ prompt: fullPrompt(fullWords(t)), input, call: { stage: 'full' } }]))[0];
    } catch (e) {
      if (!isOverflow(e)) throw e;
      const w = statedWindow(e.cause);
      if (w > 0 && w < this.plan.cap) this.plan = plan(w);
      const half = halve(t);
      return this.chunked(input, Math.min(this.plan.maxChunk, half), Math.min(this.plan.merge, half));
    }
  }

  // The adaptive loop: a chunk overflow (or a merge overflow at the merge
  // floor) halves the chunk budget and restarts from the input.
  async chunked(input, maxChunk, mergeStart) {
    let chunkBudget = firstChunk(this.plan, input, maxChunk, mergeStart);
    for (let round = 0; ; round++) {
      try {
        return await this.round(input, round, chunkBudget, mergeStart);
      } catch (e) {
        if (!isOverflow(e) || chunkBudget <= FLOOR) throw e;
        chunkBudget = halve(chunkBudget);
        mergeStart = halve(mergeStart);
      }
    }
  }

  // One round: chunk, densify each chunk, merge; a merge overflow halves
  // the merge budget and merges the same partials again.
  async round(input, round, chunkBudget, mergeStart) {
    const chunks = chunk(input, chunkBudget);
    const words = chunkWords(this.plan, chunks.length, chunkBudget, mergeStart);
    const partials = await this.step(chunks.map((c, i) => ({
      prompt: chunkPrompt(i + 1, chunks.length, words), input: c, call: { stage: 'chunk', round, chunkBudget },
    })));
    let mergeBudget = mergeStart;
    for (let mergeTry = 0; ; mergeTry++) {
      this.mergeBudget = mergeBudget;
      try {
        return await this.merge(partials, round, mergeTry, chunkBudget, mergeBudget);
      } catch (e) {
        if (!isOverflow(e) || mergeBudget <= FLOOR) throw e;
        mergeBudget = halve(mergeBudget);
      }
    }
  }

  // Merge passes until one partial is left. A pass whose groups are not
  // fewer than its partials, or whose outputs are not smaller, ends with
  // them joined.
  async merge(partials, round, mergeTry, chunkBudget, mergeBudget) {
    let current = normalize(partials);
    this.joined = false;
    for (let pass = 1; current.length > 1; pass++) {
      const gs = groups(current, mergeBudget);
      if (gs.length >= current.length) {
        this.joined = true;
        return current.join(PARAGRAPH_SEPARATOR);
      }
      const words = mergeWords(mergeBudget);
      const next = normalize(await this.step(gs.map((g) => ({
        prompt: mergePrompt(pass, words), input: g.join(MERGE_SEPARATOR),
        call: { stage: 'merge', round, mergeTry, pass, chunkBudget, mergeBudget },
      }))));
      const total = (parts) => parts.reduce((n, p) => n + tokens(p), 0);
      const progressed = total(next) < total(current) || (total(next) === total(current) && next.length < current.length);
      if (next.length > 1 && !progressed) {
        this.joined = true;
        return next.join(PARAGRAPH_SEPARATOR);
      }
      current = next;
    }
    return current.length === 0 ? '' : current[0];
  }

  // One step's calls, at most workLimit in flight, outputs in job order.
  // After a failure no call starts; those in flight finish; the error of
  // the lowest-indexed failed job is thrown.
  async step(jobs) {
    const outs = new Array(jobs.length);
    const errors = new Array(jobs.length);
    const inFlight = new Set();
    let failed = false;
    for (let i = 0; i < jobs.length && !failed; i++) {
      while (inFlight.size >= this.cfg.workLimit) await Promise.race(inFlight);
      if (failed) break;
      this.calls.push(jobs[i].call);
      const p = this.complete(jobs[i].prompt, jobs[i].input).then((reply) => {
        if (reply.error) {
          failed = true;
          errors[i] = reply.error;
        } else {
          outs[i] = reply.output || '';
        }
        inFlight.delete(p);
      });
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    const i = errors.findIndex((e) => e !== undefined);
    if (i >= 0) throw providerFailure(`${jobs[i].call.stage} call ${i + 1} of ${jobs.length}`, errors[i]);
    return outs;
  }

  // The answer's account of this attempt (adapters.DensifyRun).
  shape(output) {
    const run = { entry: this.calls.some((c) => c.stage === 'full') ? 'reactive' : 'proactive' };
    if (this.joined) run.joined = true;
    const rounds = [];
    for (const c of this.calls) {
      if (c.stage === 'full') continue;
      let r = rounds[c.round];
      if (!r) r = rounds[c.round] = { chunk_budget: c.chunkBudget, chunk_calls: 0 };
      if (c.stage === 'chunk') {
        r.chunk_calls++;
        continue;
      }
      r.merges = r.merges || [];
      while (r.merges.length <= c.mergeTry) r.merges.push({ budget: 0 });
      const m = r.merges[c.mergeTry];
      m.budget = c.mergeBudget;
      m.passes = m.passes || [];
      while (m.passes.length < c.pass) m.passes.push(0);
      m.passes[c.pass - 1]++;
    }
    // A last merge attempt that made no call (the guard at once) is
    // reported with its budget, as the reference does.
    const last = rounds[rounds.length - 1];
    if (last && output !== '' && last.merges && last.merges[last.merges.length - 1].budget !== this.mergeBudget) {
      last.merges.push({ budget: this.mergeBudget });
    }
    if (rounds.length > 0) run.rounds = rounds.filter(Boolean);
    return run;
  }
}

// ---------------------------------------------------------------------------
// The operation: the request checked, one attempt, or two with the capture
// retry ("Capture-level retry and final failure").

function refused(message) {
  return { output: '', status: 'failed', failure: 'invalid_input', message, attempts: 1, runs: [{ entry: 'proactive' }] };
}

async function densify(request, complete) {
  const entry = request.entry || '';
  if (!['', 'reactive', 'proactive'].includes(entry)) return refused(`unknown entry "${entry}"`);
  for (const [name, v] of [['retry delay', request.retry_delay_ms], ['cap', request.cap],
    ['max input', request.max_input], ['work limit', request.work_limit]]) {
    if (v < 0) return refused(`${name} ${v} is negative`);
  }
  const cfg = {
    cap: request.cap || DEFAULT_CAP,
    maxInput: request.max_input || DEFAULT_MAX_INPUT,
    workLimit: request.work_limit || DEFAULT_WORK_LIMIT,
    entry,
  };
  const input = request.input || '';
  const answer = { output: '', status: 'failed', attempts: 0, runs: [] };
  const attempts = request.capture ? CAPTURE_ATTEMPTS : 1;
  for (let a = 1; a <= attempts; a++) {
    const attempt = new Attempt(cfg, complete);
    answer.attempts = a;
    try {
      const output = await attempt.run(input);
      answer.runs.push(attempt.shape(output));
      return { output, status: 'ready', attempts: a, runs: answer.runs };
    } catch (e) {
      if (!(e instanceof Failure)) throw e;
      answer.runs.push(attempt.shape(''));
      answer.failure = e.kind;
      answer.message = `densify: ${e.message}`;
      if (e.kind !== 'provider') break; // only provider failures are retried
      if (a < attempts && request.retry_delay_ms > 0) {
        await new Promise((resolve) => setTimeout(resolve, request.retry_delay_ms));
      }
    }
  }
  return answer;
}

// ---------------------------------------------------------------------------
// The protocol's side of the model: each call is a "call" message; the
// harness's "reply" (matched by id) settles it.

class ModelCalls {
  constructor(send) {
    this.send = send;
    this.pending = new Map();
    this.nextId = 1;
  }

  // call sends one model call for request seq and waits for its reply.
  call(seq, prompt, input) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.send({ type: 'call', seq, id, prompt, input });
    });
  }

  // reply settles the call a "reply" message answers.
  reply(msg) {
    const resolve = this.pending.get(msg.id);
    if (!resolve) return false;
    this.pending.delete(msg.id);
    resolve(msg.error ? { error: msg.error } : { output: msg.output || '' });
    return true;
  }
}

module.exports = { densify, ModelCalls, tokens, classify, statedWindow };
