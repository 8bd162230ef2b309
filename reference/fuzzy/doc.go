// Package fuzzy is the reference for std105 §3, fuzzy search over atom
// labels: an exact match, then a prefix match, then a pg_trgm trigram match,
// each with PostgreSQL 15's semantics (reference/trgm), ranked in that order.
//
// For a term T and an entry with label L (lower is PostgreSQL's lower() in the
// database's LC_CTYPE, see trgm.Locale):
//
//	Exact    lower(L) = lower(T)
//	Prefix   L ILIKE EscapeLike(T) || '%'   (lower(L) starts with lower(T))
//	Trigram  similarity(L, T) >= threshold  (L % T at pg_trgm.similarity_threshold)
//
// An entry is reported once, in the first tier it passes. Scan is the
// definition (brute force, the SQL predicates one by one); Index gives the
// same answers from a map of lower-cased labels, a sorted list of them and
// trigram posting lists, reading only entries that share enough trigrams
// with the term. Index_test compares the two on random data.
//
// The SQL a conforming engine runs is, with $1 = T and $2 = EscapeLike(T)+"%"
// as bind parameters:
//
//	SELECT ... FROM atom_positions
//	WHERE lower(atom_label) = lower($1) OR atom_label ILIKE $2 OR atom_label % $1
//
// # Candidate bound
//
// A label sharing s of the term's n1 trigrams has similarity
// fl(s / (n1 + n2 - s)) <= fl(s / n1), fl being float4 rounding. So a label
// can reach the threshold only if fl(s / n1) does; the least such s (computed
// in float4, rounding included) is the number of shared trigrams the index
// requires of a candidate. No true match is lost, and at threshold 0 every
// entry is a candidate.
//
// # Decisions
//
//   - Exact is case-insensitive (lower(label) = lower(term), as §3.2's SQL),
//     although §3.2's list writes atom_label = term.
//   - Prefix is case-insensitive (ILIKE, as the SQL), although the list
//     writes LIKE; the term is taken literally: \, % and _ are escaped
//     (EscapeLike), which the standard's 'term%' forgets.
//   - Trigram is similarity >= threshold (pg_trgm's % is >=), default 0.3,
//     configurable in [0, 1]. The standard's SQL omits this tier; its list
//     and its typo examples need it.
//   - Order: tiers exact, prefix, trigram. Within exact: label, then ID.
//     Within prefix: label length in bytes (shortest first), then label,
//     then ID. Within trigram: similarity (highest first), then label, then
//     ID. Labels and IDs compare as bytes. A limit cuts the ordered list.
//   - Match.Similarity is filled for every tier.
//   - An empty term is an error (ErrEmptyTerm): in SQL ILIKE '%' would
//     return every label.
//   - A term over MaxTermBytes (1024) bytes is an error; that bounds the
//     number of posting lists a search reads.
//   - Invalid UTF-8 and NUL bytes, in a term or a label, are errors:
//     PostgreSQL text cannot hold them.
//   - A threshold outside [0, 1] or NaN, and a negative limit, are errors.
package fuzzy
