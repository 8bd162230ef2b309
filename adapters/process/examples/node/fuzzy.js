'use strict';
// Fuzzy search (std105 §3) with PostgreSQL 15 pg_trgm semantics: an entry
// matches a term exactly (lower(label) = lower(term)), else as a prefix
// (label ILIKE term || '%', the term taken literally), else by trigrams
// (similarity(label, term) >= threshold, default 0.3), and matches are
// listed in that order of tiers. Also the pg_trgm primitives the harness
// compares bit for bit: show_trgm, lower, similarity, word_similarity and
// strict_word_similarity. Nothing here carries offsets.
//
// A port of reference/fuzzy (search by brute force, as fuzzy.Scan defines
// it) and reference/trgm (pg_trgm in Go; its package documentation explains
// the trigrams, their hash and their order).

const { bad, isInt, wellFormed, cmp } = require('./common.js');
const unicode = require('./unicode.js');

// LOCALE is the LC_CTYPE of the database whose pg_trgm this mirrors: "UTF8"
// (a glibc UTF-8 locale: Unicode letters and digits make words and are
// lower-cased) or "C" (only ASCII letters and digits do).
const LOCALE = 'UTF8';
const DEFAULT_THRESHOLD = 0.3;
const MAX_TERM_BYTES = 1024;

const asciiAlnum = (c) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isWord = (c) => (LOCALE === 'C' ? asciiAlnum(c) : unicode.isTrgmWord(c));
const lowerRune = (c) => (LOCALE === 'C' ? (c >= 0x41 && c <= 0x5a ? c + 0x20 : c) : unicode.lowerRune(c));

// lower is PostgreSQL's lower(): code point by code point.
function lower(s) {
  let out = '';
  for (const ch of s) out += String.fromCodePoint(lowerRune(ch.codePointAt(0)));
  return out;
}

// checkText refuses what PostgreSQL text cannot hold: NUL, invalid UTF-8
// (here: a lone surrogate).
function checkText(what, s) {
  if (typeof s !== 'string') bad(`${what} is not a string`);
  if (s.includes('\0')) bad(`${what} has a NUL character; PostgreSQL text cannot hold NUL`);
  if (!wellFormed(s)) bad(`${what} is not valid UTF-8 (a lone surrogate)`);
}

// ---- trigrams ----

// A trigram is three bytes, held as the integer b0<<16 | b1<<8 | b2. Three
// ASCII characters are kept as they are; any other trigram is the low three
// bytes of PostgreSQL's legacy CRC-32 of its UTF-8.
const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function hashTrigram(cps) {
  let crc = 0xffffffff;
  for (const b of Buffer.from(String.fromCodePoint(...cps), 'utf8')) {
    crc = (CRC_TABLE[((crc >>> 24) ^ b) & 0xff] ^ (crc << 8)) >>> 0;
  }
  crc = (crc ^ 0xffffffff) >>> 0;
  return ((crc & 0xff) << 16) | (((crc >>> 8) & 0xff) << 8) | ((crc >>> 16) & 0xff);
}

// order is pg_trgm's on x86: byte by byte, each compared as a signed char.
const order = (a, b) => (a ^ 0x808080) - (b ^ 0x808080);

// extract returns the trigrams of s in text order: each word lower-cased,
// padded with two spaces in front and one behind. bounds[i] marks the first
// (1) and last (2) trigram of each word.
function extract(s) {
  const trgms = [];
  const bounds = [];
  const cps = Array.from(s, (ch) => ch.codePointAt(0));
  for (let i = 0; i < cps.length;) {
    if (!isWord(cps[i])) {
      i++;
      continue;
    }
    const w = [0x20, 0x20];
    while (i < cps.length && isWord(cps[i])) w.push(lowerRune(cps[i++]));
    w.push(0x20);
    const first = trgms.length;
    for (let k = 0; k + 3 <= w.length; k++) {
      const t = w.slice(k, k + 3);
      trgms.push(t.every((c) => c < 0x80) ? (t[0] << 16) | (t[1] << 8) | t[2] : hashTrigram(t));
      bounds.push(0);
    }
    bounds[first] |= 1;
    bounds[trgms.length - 1] |= 2;
  }
  return { trgms, bounds };
}

// trigrams is the sorted set of s's trigrams (generate_trgm).
function trigrams(s) {
  const ts = extract(s).trgms.sort(order);
  return ts.filter((t, i) => i === 0 || t !== ts[i - 1]);
}

// show formats a trigram set as show_trgm does.
function show(ts) {
  const printable = (b) => b === 0x20 || asciiAlnum(b);
  return ts.map((t) => {
    const b = [t >> 16, (t >> 8) & 0xff, t & 0xff];
    return b.every(printable) ? String.fromCharCode(...b) : '0x' + t.toString(16).padStart(6, '0');
  });
}

// ratio is CALCSML in float4: shared / (n1 + n2 - shared).
const ratio = (shared, n1, n2) => Math.fround(shared / (n1 + n2 - shared));

// setSimilarity of two sorted trigram sets (cnt_sml); 0 if either is empty.
function setSimilarity(a, b) {
  if (!a.length || !b.length) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const c = order(a[i], b[j]);
    if (c < 0) i++;
    else if (c > 0) j++;
    else {
      i++;
      j++;
      shared++;
    }
  }
  return ratio(shared, a.length, b.length);
}

const similarity = (a, b) => setSimilarity(trigrams(a), trigrams(b));

// wordSimilarity is word_similarity(a, b), or strict_word_similarity with
// strict: the best similarity between a's trigram set and a contiguous
// stretch of b's trigrams (for strict, a stretch of whole words).
// pg_trgm's iterate_word_similarity, without its check-only shortcut.
function wordSimilarity(a, b, strict) {
  const t1 = extract(a).trgms;
  const { trgms: t2, bounds } = extract(b);
  // Number the distinct trigrams; found[id]: the pattern a has it.
  const ids = new Map();
  const found = [];
  const id = (t) => {
    if (!ids.has(t)) {
      ids.set(t, found.length);
      found.push(false);
    }
    return ids.get(t);
  };
  let ulen1 = 0;
  for (const t of t1) {
    const n = id(t);
    if (!found[n]) {
      found[n] = true;
      ulen1++;
    }
  }
  const trg2 = t2.map(id);
  const lastpos = new Array(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lowerBound = strict ? 0 : -1;
  let smlrMax = 0;
  for (let i = 0; i < trg2.length; i++) {
    const idx = trg2[i];
    // Update the last position of this trigram.
    if (lowerBound >= 0 || found[idx]) {
      if (lastpos[idx] < 0) {
        ulen2++;
        if (found[idx]) count++;
      }
      lastpos[idx] = i;
    }
    // Move the upper bound: to a word's last trigram (strict), or to any
    // trigram of the pattern.
    if (!(strict ? bounds[i] & 2 : found[idx])) continue;
    upper = i;
    if (lowerBound === -1) {
      lowerBound = i;
      ulen2 = 1;
    }
    let smlrCur = ratio(count, ulen1, ulen2);
    // Try to move the lower bound up for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lowerBound;
    for (let tmpLower = lowerBound; tmpLower <= upper; tmpLower++) {
      if (!strict || bounds[tmpLower] & 1) {
        const smlrTmp = ratio(tmpCount, ulen1, tmpUlen2);
        if (smlrTmp > smlrCur) {
          smlrCur = smlrTmp;
          ulen2 = tmpUlen2;
          lowerBound = tmpLower;
          count = tmpCount;
        }
      }
      const t = trg2[tmpLower];
      if (lastpos[t] === tmpLower) {
        tmpUlen2--;
        if (found[t]) tmpCount--;
      }
    }
    if (!(smlrMax > smlrCur)) smlrMax = smlrCur; // C's Max macro, NaN and all
    for (let tmpLower = prevLower; tmpLower < lowerBound; tmpLower++) {
      const t = trg2[tmpLower];
      if (lastpos[t] === tmpLower) lastpos[t] = -1;
    }
  }
  return smlrMax;
}

// ---- the search ----

const TIERS = { exact: 1, prefix: 2, trigram: 3 };

// compareMatches: by tier; exact by label, prefix by UTF-8 length then
// label, trigram by similarity (highest first) then label; then ID. Labels
// and IDs compare as UTF-8 bytes.
function compareMatches(a, b) {
  return cmp(TIERS[a.tier], TIERS[b.tier]) ||
    (a.tier === 'prefix' ? cmp(unicode.utf8Length(a.label), unicode.utf8Length(b.label)) : 0) ||
    (a.tier === 'trigram' ? cmp(b.similarity, a.similarity) : 0) ||
    unicode.compareCodePoints(a.label, b.label) || unicode.compareCodePoints(a.id, b.id);
}

function fuzzySearch(req) {
  const threshold = req.threshold === undefined || req.threshold === null ? DEFAULT_THRESHOLD : req.threshold;
  if (!(typeof threshold === 'number' && threshold >= 0 && threshold <= 1)) bad(`threshold ${threshold} outside [0, 1]`);
  const limit = req.limit || 0;
  if (!isInt(limit) || limit < 0) bad(`limit ${limit} is negative`);
  const term = req.term;
  if (term === '' || term === undefined) bad('empty search term');
  checkText('term', term);
  if (unicode.utf8Length(term) > MAX_TERM_BYTES) bad(`term is longer than ${MAX_TERM_BYTES} bytes`);
  const lterm = lower(term);
  const tt = trigrams(term);
  const matches = [];
  (req.entries || []).forEach((e, i) => {
    checkText(`entry ${i} (ID ${JSON.stringify(e.id)}): label`, e.label);
    const llabel = lower(e.label);
    const sim = setSimilarity(trigrams(e.label), tt);
    let tier;
    if (llabel === lterm) tier = 'exact';
    else if (llabel.startsWith(lterm)) tier = 'prefix'; // ILIKE with %, _ and \ escaped
    else if (sim >= threshold) tier = 'trigram';
    else return;
    matches.push({ id: e.id, label: e.label, tier, similarity: sim });
  });
  matches.sort(compareMatches);
  return { locale: LOCALE, matches: limit > 0 ? matches.slice(0, limit) : matches };
}

function fuzzyTrigrams(req) {
  const strings = req.strings || [];
  const pairs = req.pairs || [];
  strings.forEach((s, i) => checkText(`string ${i}`, s));
  pairs.forEach(([a, b], i) => {
    checkText(`pair ${i}: first argument`, a);
    checkText(`pair ${i}: second argument`, b);
  });
  return {
    locale: LOCALE,
    show: strings.map((s) => show(trigrams(s))),
    lower: strings.map(lower),
    similarity: pairs.map(([a, b]) => similarity(a, b)),
    word_similarity: pairs.map(([a, b]) => wordSimilarity(a, b, false)),
    strict_word_similarity: pairs.map(([a, b]) => wordSimilarity(a, b, true)),
  };
}

module.exports = { fuzzySearch, fuzzyTrigrams };
