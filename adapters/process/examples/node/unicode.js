'use strict';
// The character classes and case mapping the reference uses, on top of
// JavaScript's own Unicode data.
//
// Three standards split text into words: radial ingest and the elastic census
// (std085 protocol §5.1, std105 §2.3), the hybrid search's embedding
// (ADR-023), and pg_trgm (std105 §3). They must agree with the reference
// character for character:
//
//   isLetterOrDigit  Go's unicode.IsLetter || unicode.IsDigit (Unicode 15.0):
//                    radial keywords, elastic census, hybrid embeddings.
//   isTrgmWord       pg_trgm's word characters in a glibc UTF-8 locale
//                    (iswalpha: Unicode 14.0 Alphabetic or Nd).
//   lowerRune        one code point to one code point (Go's unicode.ToLower,
//                    glibc's towlower): never "İ" → "i̇", never a final sigma.
//
// JavaScript's regular expressions know these classes, but in the Unicode
// version of the running engine (Node 20.20: Unicode 17.0). The code points
// where that data differs from the reference's are listed in
// unicode-tables.js, generated and checked by the Go test
// TestNodeUnicodeTables (adapters/process/examples).

const TABLES = require('./unicode-tables.js');

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const ALPHABETIC_OR_DIGIT = /^[\p{Alphabetic}\p{Nd}]$/u;

const asciiAlnum = (c) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

// inRanges: is c in one of the sorted, disjoint [lo, hi] ranges?
function inRanges(ranges, c) {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < ranges[mid][0]) hi = mid - 1;
    else if (c > ranges[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

function classify(table, regex, c) {
  if (c < 0x80) return asciiAlnum(c);
  if (inRanges(table.yes, c)) return true;
  if (inRanges(table.no, c)) return false;
  return regex.test(String.fromCodePoint(c));
}

const isLetterOrDigit = (c) => classify(TABLES.letterOrDigit, LETTER_OR_DIGIT, c);
const isTrgmWord = (c) => classify(TABLES.trgmWord, ALPHABETIC_OR_DIGIT, c);

const LOWER = new Map(TABLES.lower);

// lowerRune lower-cases one code point to one code point.
function lowerRune(c) {
  if (c < 0x80) return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  const fixed = LOWER.get(c);
  return fixed !== undefined ? fixed : jsLowerRune(c);
}

// jsLowerRune is JavaScript's lower case of c when it is one code point.
function jsLowerRune(c) {
  const s = String.fromCodePoint(c).toLowerCase();
  const l = s.codePointAt(0);
  return s.length === String.fromCodePoint(l).length ? l : c;
}

// lower lower-cases a string code point by code point.
function lower(s) {
  let out = '';
  for (const ch of s) out += String.fromCodePoint(lowerRune(ch.codePointAt(0)));
  return out;
}

// compareCodePoints orders strings by code point, which is the byte order
// of their UTF-8 (Go's string order); JavaScript's < compares UTF-16 units.
function compareCodePoints(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (U+D800..U+DFFF, only in pairs) stands for a code point
    // above U+FFFF, so it sorts after every other unit.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

// utf8Length is the length of s in bytes of UTF-8.
const utf8Length = (s) => Buffer.byteLength(s, 'utf8');

// dump prints what this module answers for every code point, for the Go
// test that compares it with the reference: `node unicode.js [raw]`, where
// raw leaves the tables out (to generate them).
function dump(raw) {
  const plain = { letterOrDigit: { yes: [], no: [] }, trgmWord: { yes: [], no: [] } };
  const word = raw ? (c) => classify(plain.letterOrDigit, LETTER_OR_DIGIT, c) : isLetterOrDigit;
  const trgm = raw ? (c) => classify(plain.trgmWord, ALPHABETIC_OR_DIGIT, c) : isTrgmWord;
  const low = raw ? jsLowerRune : lowerRune;
  const out = { letterOrDigit: [], trgmWord: [], lower: [] };
  for (let c = 1; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    for (const [name, f] of [['letterOrDigit', word], ['trgmWord', trgm]]) {
      if (!f(c)) continue;
      const rs = out[name];
      if (rs.length && rs[rs.length - 1][1] === c - 1) rs[rs.length - 1][1] = c;
      else rs.push([c, c]);
    }
    const l = low(c);
    if (l !== c) out.lower.push([c, l]);
  }
  process.stdout.write(JSON.stringify(out));
}

if (require.main === module) dump(process.argv[2] === 'raw');

module.exports = { isLetterOrDigit, isTrgmWord, lowerRune, lower, compareCodePoints, utf8Length };
