// Package density is the reference implementation of the Dynamic Density
// strategy of std085 §3: it turns a hit count and a total budget into a Plan
// (how many hits survive, how long a window may be, how much padding each hit
// gets and when two hits merge). Package inflate applies a Plan (std085 §2).
//
// All lengths are bytes of UTF-8, the unit of the reference implementations
// (see package unit). Markers added when a window is rendered are presentation
// and do not count against the budget.
//
// # Decisions
//
// Where std085 is vague or contradicts itself, or its original code differs
// from its text, the reference decides as follows (the level is REFERENCE
// unless said otherwise):
//
//   - A budget of zero or less is an error, not an empty result: a caller
//     who asked for nothing more likely passed a wrong number (MUST).
//   - MinViable is 150, as in the text's pseudo-code and the original code.
//     The text's MIN_WINDOW_CAP of 200 is not applied: with the squeeze count
//     floor(B/150) a 200-byte floor would make k·200 exceed the budget.
//   - Keep k = min(n, floor(B/150)); a budget below 150 keeps nothing.
//   - The window cap is W = floor(B/k) in both branches. The text's squeeze
//     branch sets the window to 150, which leaves up to 149 bytes of the
//     budget unused and is not idempotent: inflating the survivors alone
//     would take the expand branch and give a larger window.
//   - Padding P = clamp(floor((W-50)/2), 50, 500), as in the original code.
//     The text's W/2 on each side cannot fit inside a window of W bytes.
//   - The proximity-merge threshold is 500 bytes (std085 §2.1).
//   - Static fallback (no budget, std085 §3.2): W = 2500, P = 200, keep all.
//   - With nothing kept (no hits, or a budget below 150) the plan has W = 0
//     and P = 0: no window exists, so none may have a size.
//   - Which hits survive a squeeze is decided by package inflate (inflate.Select):
//     it needs the hits' scores, and density must not import inflate.
package density
