// Package hybrid is a reference hybrid tool search (ADR-022) with ADR-023's
// dynamic candidate expansion, deterministic and model-free, so that a
// conformance check can verify what ADR-023 governs (how many candidates the
// semantic stage is asked for) and a benchmark can measure what it is for
// (recall of "hidden gems" on a mature usage graph).
//
// Search has two stages:
//
//  1. Semantic: tools are ranked by the cosine of hashed character-trigram
//     vectors (Embed: words of letters and digits, lower-cased, padded as
//     pg_trgm pads, trigrams hashed with FNV-1a into Dims buckets), highest
//     first, ties by ID; the first ceil(limit·multiplier) are the candidates.
//  2. Graph re-rank: each candidate gets a graph score from personalised
//     PageRank on the undirected usage graph, seeded on the semantic top
//     limit, with the candidate's own walk left out and divided by its
//     degree, normalised to [0, 1]; Final = (1-w)·Semantic + w·Graph.
//
// Result reports the multiplier, the number of candidates asked for, the
// candidates with all their scores, and the final IDs, so a check can verify
// Asked == ceil(limit·multiplier) and that the answer is at most limit
// distinct candidates. Recall and CompareRecall measure the dynamic
// multiplier against the static 2× it replaced.
//
// # Decisions
//
// ADR-023 leaves the search around the expansion unspecified (ADR-022 is not
// part of the standards here); everything below is REFERENCE.
//
//   - Embeddings are hashed trigram counts, not a model: deterministic, no
//     dependency, and cosines computed from integer sums, so scores are the
//     same bits on every platform.
//   - No semantic score floor by default (Config.MinScore = 0). The
//     original engine drops candidates below 0.5; trigram cosines sit on
//     another scale, and a floor removes exactly the semantically distant
//     tools the expansion exists to reach (TestMinScoreWouldHideTheGems).
//   - Cold start keeps the semantic order exactly: while the graph is
//     Trivial or Cold the graph weight is 0 and the answer is the semantic
//     top-limit. (The original blends with α = max(0.5, 1-2·density), which
//     can reorder slightly even when cold.)
//   - The graph signal is relatedness to the semantic top hits: the original
//     scores candidates against "context tools" the caller passes, and with
//     none its graph score is 0. Personalised PageRank with the candidate's
//     own walk left out (otherwise every seed beats every other candidate)
//     and divided by degree (otherwise hubs win whatever the query).
//     Damping 0.85, start vector = restart vector, stop at L1 change <=
//     1e-12 or 500 steps; edges walked in both directions.
//   - Graph weight 0.5 (the original's lowest α), constant rather than
//     density-driven, so the multiplier is the only thing that changes
//     between maturity levels above cold.
//   - Ties in the final order: Final, then Semantic (both descending), then
//     ID. A nil graph is an empty graph. limit 0 returns nothing, no error.
//   - Recall with no relevant tool is 0 (not NaN); results past limit and
//     repeated results do not count.
package hybrid
