// Package expand is the reference implementation of ADR-023, "Dynamic
// Candidate Expansion for Hybrid Search": a tool-usage graph, its density,
// the maturity step function that turns density into an expansion
// multiplier, and the candidate count ceil(limit·multiplier) that the
// semantic stage of a hybrid search is asked for. The search itself (and
// recall measurement) is in the subpackage hybrid.
//
//	density    = edges / (n·(n-1))                  (Density)
//	multiplier = 1.0 if n < 2
//	             1.5 if density < 0.01   (cold)     (Multiplier, Classify)
//	             2.0 if density < 0.10   (growing)
//	             3.0 otherwise           (mature)
//	candidates = ceil(limit · multiplier)           (Candidates)
//
// # Decisions
//
// Where ADR-023 is vague or contradicts itself, this package decides as
// follows; "REFERENCE" marks the reference's own choice, checked only in
// strict mode.
//
//   - Fewer than two nodes: multiplier 1.0, as the ADR's code says. The
//     original engine computes density 0 there and returns 1.5. Normative
//     (MUST) is only that such a graph never gets more than 1.5; 1.0 is
//     REFERENCE.
//   - Boundaries follow the ADR's code, not its table: density exactly 0.01
//     is growing (2.0) and exactly 0.10 is mature (3.0). The table's
//     "0.01 - 0.10" is ambiguous at its top end and its "> 0.10" for mature
//     contradicts the code's `< 0.1` test at exactly 0.10; the code is
//     exact, so it wins.
//   - The thresholds are compared in integers (100·e < n(n-1), 10·e <
//     n(n-1), in 128 bits), never as floats: 0.1 has no exact binary form,
//     and for large graphs e/(n(n-1)) rounds onto 0.1 from below.
//   - Self-loops are not edges (a tool used twice in a row adds its node,
//     nothing more): they are not among the n(n-1) possible edges, and
//     counting them could push density above 1. REFERENCE.
//   - A repeated edge counts once: the graph is simple, as density's
//     denominator assumes. REFERENCE.
//   - Candidates is exact: ceil of the exact product of limit and the binary
//     value of the multiplier (for 1.5: (3·limit+1)/2). limit 0 asks for 0
//     candidates (the formula's own value, no error); a negative limit, a
//     multiplier below 1, NaN or infinite, and an overflowing result are
//     errors. REFERENCE.
package expand
