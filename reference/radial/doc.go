// Package radial is the reference implementation of Radial Lazy Molecule
// Inflation (std085-context-inflation-protocol §5): instead of storing
// molecules at ingest time, it records where every keyword (atom) occurs and
// cuts windows around those positions when a query arrives.
//
//   - §5.1 atom positions: [Ingest] records {compound_id, atom_label,
//     byte_offset} for every keyword; [Index] is keyed by atom_label.
//   - §5.3 code handling: [Extent] and [Cost]; whitespace of code does not
//     count against the budget, windows grow to whole blocks or whole lines.
//   - §5.4 overlap merge: [Windows].
//   - §5.5 distributed budget (70/30): [Split].
//
// [Cutter] checks and sorts the documents and atoms once and then cuts or
// costs the windows of any subset of them at any radius without allocating
// again: elastic hydration tries many radii. [Windows] is a Cutter used once.
//
// The dynamic radius of §5.2 lives in package elastic, which applies the
// std105 clamp to it.
//
// Offsets and lengths are bytes of UTF-8; no window edge ever cuts a
// multi-byte character (package unit).
//
// # Decisions
//
// Where the standard is silent or vague, this package decides as follows
// (REFERENCE unless marked MUST):
//
//   - Keyword: a maximal run of Unicode letters and digits (unicode.IsLetter,
//     unicode.IsDigit), as pg_trgm splits words; label = strings.ToLower of
//     the run, offset = byte offset of its first byte. Combining marks,
//     underscores and apostrophes end a word.
//   - Window of a prose or data atom: [offset-r, offset+r] clamped to the
//     document, then both edges moved inward to rune boundaries, so the
//     window never exceeds 2r bytes (MUST: never cut a character).
//   - Window intervals are closed for merging: windows merge when
//     start <= previous end, so touching windows merge (§5.4, MUST), and
//     after merging each atom offset lies in exactly one window.
//   - Cost (what counts against a budget): bytes for prose and data; for
//     code, bytes of non-whitespace runes (unicode.IsSpace), so indentation
//     and newlines are free (§5.3).
//   - Code window, allowance 2r in non-whitespace bytes: candidate blocks are
//     matched {...} pairs (only when every brace in the body balances) and
//     indentation blocks (a header line plus the following more-indented
//     lines, plus a closing line of the header's indentation that starts
//     with }, ) or ]), both as whole lines containing the hit's line. The
//     candidate with the largest cost that fits the allowance wins (ties:
//     earlier start, then earlier end). If none fits, whole lines grow
//     around the hit line (one line above, then one below, per round) while
//     the total fits. If the hit's line alone does not fit, the prose rule
//     applies. Blocks and lines start at a line start, so indentation is
//     kept, and end after the line's newline.
//   - A tab in indentation advances to the next multiple of 8 (Python's rule).
//   - Kind "" and "prose" are prose; "data" is windowed like prose; any other
//     kind is an error.
//   - Identical atoms (same compound, label and offset) are one atom; it keeps
//     the highest score.
//   - 70/30 split: see [Split].
//
// Bad input (unknown compound, offset outside the body or inside a
// character, invalid UTF-8, NaN or infinite score, radius < 1, empty or
// duplicate document IDs) is an error naming the atom or compound (MUST);
// nothing panics. Input is checked in canonical order, so the error does not
// depend on input order.
package radial
