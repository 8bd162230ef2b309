// Package trgm is PostgreSQL 15's pg_trgm in Go, bit for bit: show_trgm,
// similarity, word_similarity, strict_word_similarity, the % operator's
// threshold test, lower() and the trigrams a gin_trgm_ops index extracts from
// a LIKE/ILIKE pattern. std105 §3 names pg_trgm as its fuzzy matcher; the
// fuzzy reference (reference/fuzzy) and the specs use this package as the
// definition of "atom_label % term".
//
// # How pg_trgm works
//
// Text is split into words: maximal runs of word characters (letters and
// digits; which ones depends on the database's LC_CTYPE, see Locale). Each
// word is lower-cased, padded with two spaces in front and one behind, and
// cut into trigrams of three consecutive characters. A trigram of three
// one-byte characters is kept as its bytes; any other is replaced by three
// bytes of PostgreSQL's legacy CRC-32 of its UTF-8. The set is sorted
// (bytes compared as signed chars, as on x86) and de-duplicated.
// similarity = shared / (|A| + |B| - shared), computed in float4.
// word_similarity(a, b) compares a's set with the best contiguous stretch of
// b's trigram sequence; strict_word_similarity requires the stretch to cover
// whole words. The operator a % b is similarity(a, b) >= the double setting
// pg_trgm.similarity_threshold (default 0.3).
//
// # Checked against a real server
//
// postgres_test.go compares every function with a PostgreSQL 15 server over
// more than five thousand generated strings and ten thousand pairs (ASCII,
// punctuation, digits, mixed case, accented Latin, Greek, Cyrillic, CJK,
// emoji with ZWJ and variation selectors, combining marks, non-ASCII digits,
// random code points from the whole Unicode range, empty and long strings).
// Zero mismatches on PostgreSQL 15.20, glibc 2.36, in a C.UTF-8 database and
// in a C database. Set CTXCONFORM_PG_DSN to point it at another database.
// Word characters and lower-casing in UTF8 were also compared with that
// server for every code point (U+0001..U+10FFFF without surrogates).
//
// # Known limits
//
//   - Only UTF8 databases are mirrored, with LC_CTYPE C/POSIX or a glibc
//     UTF-8 locale whose data is Unicode 14.0 (glibc 2.35 and 2.36: Debian 12,
//     Ubuntu 22.04). Other glibc versions classify the characters new in
//     their Unicode version differently; other C libraries (musl, macOS) and
//     ICU-based pg_trgm builds are not mirrored.
//   - show_trgm's order is x86's (signed char). PostgreSQL 15 on ARM compares
//     unsigned chars, which changes the order of hashed trigrams in show_trgm
//     output but no similarity value.
//   - LikeTrigrams is derived from the source (generate_wildcard_trgm) and
//     tested by hand-derived cases; PostgreSQL has no SQL function that
//     exposes it, so it is not compared with the server.
//   - The settings' "check only" shortcut (used by <% and <<%) is not needed
//     to get their results and is not reproduced; WordSimilarity returns the
//     full maximum, compare it with Matches.
//
// # Decisions
//
//   - Input PostgreSQL text cannot hold (NUL bytes, invalid UTF-8) is an
//     error, never silently mapped.
//   - A Locale value outside UTF8 and C is an error.
//   - Thresholds outside [0, 1] or NaN are errors (CheckThreshold);
//     PostgreSQL rejects them when the setting is made.
package trgm
