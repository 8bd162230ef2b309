// Package elastic is the reference implementation of Elastic Context
// (std105 §2, §4): the search radius shrinks as a query's hits grow, so rare
// terms bring whole passages and common terms bring dense snippets, and the
// result never passes the caller's budget.
//
// It runs the three phases of std105 §2.3:
//
//  1. [Census] finds the atoms (keyword positions, package radial) that match
//     the query terms;
//  2. [Radius] computes clamp(floor(budget/hits/2), 200, 32000);
//  3. [Hydrate] cuts and merges the windows (radial.Windows) within budget.
//
// [RadiusFromTokens] is the dynamic radius of std085-protocol §5.2, the same
// formula counted in tokens.
//
// # Decisions
//
// (REFERENCE unless marked MUST)
//
//   - Budget and radius are bytes of UTF-8 (std105 says bytes for the clamp
//     and "max_chars" for the budget). For code, what counts against the
//     budget is non-whitespace bytes (std085-protocol §5.3, radial.Cost).
//   - budget <= 0 is an error; 0 hits give radius 0 and no windows.
//   - The std105 clamp [200, 32000] also applies to the unclamped §5.2
//     formula: std105 is the later standard, and §5.2's three examples lie
//     inside the clamp.
//   - The floor of 200 contradicts the budget when hits·2·200 > budget. The
//     budget wins (MUST; std105 §4 "strictly respects max_chars"): Hydrate
//     keeps at most floor(budget / 2r) atoms, the best by score (ties:
//     compound ID, offset, label) and reports the others as dropped. With
//     the floor of 200, a budget below 400 keeps nothing. The radius stays
//     the one of the census (all hits); it is not recomputed for the kept
//     atoms.
//   - So the cost of the emitted windows adds up to at most the budget
//     (MUST): each atom's window costs at most 2r, at most floor(budget/2r)
//     atoms are kept, and merging never adds cost.
//   - Census matches labels exactly after lower-casing the term; a Matcher
//     can replace that (fuzzy search, std105 §3, is another package). An atom
//     matched by several terms appears once, with its best score.
package elastic
