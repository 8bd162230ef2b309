'use strict';
// Helpers every standard of the example shares: the error the protocol
// answers as "invalid_request", and offsets counted in UTF-16 code units,
// the unit of JavaScript strings, which must never split a surrogate pair.

// InvalidRequest is bad input: the protocol answers it with an error of kind
// "invalid_request". Any other exception is reported as "internal".
class InvalidRequest extends Error {}

function bad(message) {
  throw new InvalidRequest(message);
}

const isHigh = (c) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c) => c >= 0xdc00 && c <= 0xdfff;

// boundary: offset i does not split a surrogate pair.
function boundary(s, i) {
  return i <= 0 || i >= s.length || !(isHigh(s.charCodeAt(i - 1)) && isLow(s.charCodeAt(i)));
}
const floor = (s, i) => (boundary(s, i) ? i : i - 1);
const ceil = (s, i) => (boundary(s, i) ? i : i + 1);

// wellFormed: a string, without lone surrogates (a JSON string can carry
// one as an escape; it is the UTF-16 form of invalid UTF-8).
function wellFormed(s) {
  if (typeof s !== 'string') return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isHigh(c)) {
      if (i + 1 < s.length && isLow(s.charCodeAt(i + 1))) {
        i++;
        continue;
      }
      return false;
    }
    if (isLow(c)) return false;
  }
  return true;
}

const isInt = (x) => Number.isSafeInteger(x);
const isFiniteNumber = (x) => typeof x === 'number' && Number.isFinite(x);
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const KINDS = new Set(['', 'prose', 'code', 'data']);

// documents checks documents ({id, body, kind}) and returns them by ID.
function documents(docs, what = 'document') {
  const byID = new Map();
  for (const d of docs || []) {
    if (typeof d.id !== 'string' || d.id === '') bad(`${what} with an empty id`);
    if (byID.has(d.id)) bad(`${what} ${JSON.stringify(d.id)}: duplicate id`);
    if (!wellFormed(d.body)) bad(`${what} ${JSON.stringify(d.id)}: body is not valid text`);
    if (!KINDS.has(d.kind || '')) bad(`${what} ${JSON.stringify(d.id)}: unknown kind ${JSON.stringify(d.kind)}`);
    byID.set(d.id, d);
  }
  return byID;
}

module.exports = { InvalidRequest, bad, boundary, floor, ceil, wellFormed, isInt, isFiniteNumber, cmp, KINDS, documents };
