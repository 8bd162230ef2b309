// Package inflate is the reference implementation of Context Inflation
// (std085 §2): it widens search hits (molecules) into windows of their parent
// documents (compounds) so that an LLM sees each hit with its surroundings,
// under the window plan chosen by package density (std085 §3).
//
// Inflate runs the whole pipeline; Windows applies a given density.Plan;
// Select chooses the survivors of a squeeze; Validate checks a request;
// Window.Render adds the "..." markers.
//
// # Algorithm (std085 §2.1, given a plan with cap W, padding P, threshold T)
//
//  1. Group the surviving hits by compound; sort them by (start, end, id).
//  2. Trim a hit longer than W to its first W bytes, snapped back to a rune
//     boundary.
//  3. Cluster: hit h joins the open span [s, e) iff h.Start-e < T and
//     max(e, h.End)-s <= W; otherwise it opens the span [max(h.Start, e), h.End).
//  4. Pad each span by P each side, reduced (floor half left, the rest right)
//     so the window is never longer than W; clamp to [0, len(body)].
//  5. Between neighbouring spans with gap g, the left window ends at most at
//     e1+floor(g/2) and the right one starts at least there.
//  6. Snap window edges inward to rune boundaries.
//  7. A window's score is the max of its hits' scores; its hits are listed in
//     position order; its text is body[Start:End].
//  8. Sort windows by score descending, then compound ID, start (then end and
//     first hit ID, which only matter for empty windows).
//
// # Decisions
//
// Where std085 is vague or contradicts itself, or its original code differs
// from its text, the reference decides as follows (REFERENCE unless said):
//
//   - Units are bytes of UTF-8, and no edge ever cuts a character. The text
//     says "chars"; the original code counts UTF-16 units. Bytes are what a
//     database stores as offsets; package unit converts for adapters.
//   - Bad input is an error naming the hit or compound, never a panic or a
//     quietly repaired result (MUST): empty or duplicate IDs, a missing
//     compound, a body that is not UTF-8, an unknown kind, a non-finite score,
//     offsets outside 0 <= Start <= End <= len(body) or inside a character.
//     Every hit is checked, including those a squeeze would drop. Problems are
//     looked for in ID order, so the error does not depend on input order.
//   - Survivors of a squeeze are the best by score (ties: compound ID, start,
//     end, hit ID), not the first in input order as in the original: users
//     want the best hits, and output must not depend on input order.
//   - "Strict truncation at the limit" cuts on the right and keeps the hit's
//     start, as the original does; it is applied to a long hit before
//     clustering, and a hit joins a window only if the union stays within W,
//     so the cap holds after padding.
//   - Hits nearer than 500 bytes (gap < 500, strictly) merge; a gap of exactly
//     500 does not (std085 §2.1 says "<").
//   - A hit that cannot join (the union would pass W) opens a new span that
//     starts where the previous one ends, so spans never overlap, and a nested
//     hit always joins.
//   - Padding never makes a window longer than W (the text pads first and caps
//     after, which could cut the hit); what the document's edge clamps away is
//     lost, not moved to the other side.
//   - Windows of one compound never overlap: neighbours split the gap between
//     their spans. The text only says close hits merge; the reference keeps a
//     byte from reaching the LLM twice, which also keeps the budget honest.
//   - With a budget B the windows' lengths add up to at most B (MUST): at most
//     k windows of at most W bytes, k·W <= B.
//   - Render marks "..." only where text was left out (start > 0, end before
//     the body's end); the original always wraps. Markers do not count
//     against the budget.
//   - Document kinds (prose, code, data) are checked but do not change the
//     algorithm: std085 §2 gives one algorithm for all of them.
//   - Idempotence: inflating the survivors alone, with the same budget, gives
//     the same windows.
package inflate
