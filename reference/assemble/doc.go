// Package assemble is the reference implementation of the window assembly of
// std085's Context Inflation Protocol (§1 Semantic Window Assembly, §2
// Inflation Strategies, §3 Byte Coordinate Inflation and the Implementation
// Requirements): it joins retrieved molecules of one document into windows
// of that document's body, by adjacency, by filling short gaps, and by
// temporal, semantic and narrative links, within a character budget.
//
// The protocol names ContextInflator.inflate, InflationResult,
// calculateCoherence and fillByteGaps but leaves their rules open. This
// package fixes them so that implementations can be compared: Windows is
// inflate, Result is InflationResult, Coherence is calculateCoherence,
// FillGap is fillByteGaps, and Check turns Validation Criteria 1-4 into
// checks of any implementation's output.
//
// # Units
//
// Offsets are bytes of UTF-8, ranges are half-open [start_byte, end_byte),
// and maxChars counts bytes. Implementations that count UTF-16 units or
// runes are compared after conversion with package unit. No window edge cuts
// a multi-byte character.
//
// # Algorithm
//
// Input is validated first (see Errors). Then, per source, molecules are
// sorted in byte order: start, then end, then id.
//
// Links. Molecule b and its predecessor a in byte order are linked by the
// first enabled strategy of the cascade that applies; extent is the largest
// end of the molecules before b and gap = b.start - extent.
//
//	adjacent   gap <= 0 (overlap or touch)                         always enabled
//	gap_fill   0 < gap < GapLimit (default 500)
//	temporal   both timestamps known (non-zero), |ta - tb| <= TimeWindow (default 3600 s)
//	semantic   both vectors non-empty, cosine(va, vb) >= SemanticMin (default 0.8)
//	narrative  both timestamps known, tb >= ta, entity sets share at least one entity
//
// Options.Strategy "" enables all five; a named strategy enables adjacent
// and that one. A link joins its molecules by filling the gap with the
// body's bytes, whatever the strategy: a window is always one range.
//
// Steps of Windows:
//
//  1. Blocks: maximal chains of overlapping molecules (b.start < extent).
//     A block is never split: splitting it would repeat bytes.
//  2. Keep blocks: in rank order (highest molecule score first, then source
//     id, then start), keep each block whose length fits the budget left;
//     skip the others and go on.
//  3. Join: between neighbouring kept blocks of one source, compute the link
//     (a = last molecule of the left block, b = first of the right). Accept
//     links in order of strength (cascade tier, then higher pair score,
//     then smaller gap, then source, then position) while their gap bytes fit
//     the budget left. Touching blocks cost 0 and are always joined.
//  4. Extend: in output order, move each window's start back and then its end
//     forward to the nearest boundary of the document's kind, if that
//     boundary is at most ExtendLimit (default 500) bytes away, fits the
//     budget left, and leaves at least one byte to the neighbouring window of
//     the same source; otherwise that edge stays. Boundaries: code and data
//     at line starts / after a newline; prose also after ". ", "! ", "? "
//     (start) and after '.', '!', '?' followed by white space (end); the
//     body's ends are boundaries for all kinds.
//  5. Output: results ordered by score (highest molecule score) descending,
//     then source, then start; each lists its molecules in byte order.
//
// The sum of the windows' lengths never exceeds maxChars: steps 2-4 only spend
// what is left.
//
// # Coherence
//
// For a window of molecules m1..mn (byte order, one source):
//
//	n = 1: coherence = 1
//	n > 1: coherence = (1/(n-1)) * sum over i of pair(m_i, m_i+1)
//
// where pair is the largest score among the enabled strategies that apply to
// the pair (0 if none applies; never the case inside a Windows result):
//
//	adjacent   1
//	gap_fill   1 - gap/GapLimit
//	temporal   1 - |ta - tb|/TimeWindow
//	semantic   clamp(cosine, 0, 1); cosine of a zero vector is 0
//	narrative  Jaccard |Ea ∩ Eb| / |Ea ∪ Eb| of the entity sets
//
// Every term lies in [0, 1] and no term divides by zero, so coherence is in
// [0, 1] and never NaN. The label (inflation_strategy) is "single" for one
// molecule; otherwise each consecutive pair is linked by the first enabled
// strategy of the cascade that applies, and the label is the latest in the
// cascade among those links (the loosest criterion the window needed).
//
// # Errors
//
// Windows, Check, Coherence and FillGap return an error naming the document
// or molecule for: maxChars <= 0; an unknown option value; a duplicate or
// empty document id; an unknown kind; a body that is not valid UTF-8; a
// duplicate or empty molecule id; an unknown source; start < 0, end < start,
// end == start, end beyond the body; an offset inside a character; a score
// or vector component that is NaN or infinite; vectors of different lengths;
// an empty entity. No molecules is not an error: the result is empty.
//
// # Decisions
//
// Where the text is silent or vague (level in brackets; MUST is normative,
// SHOULD recommended, REFERENCE this package's own choice):
//
//   - [MUST] Ranges are half-open bytes. §3's "Gap: bytes 1201-1249" reads
//     as inclusive ends; in half-open terms A = [1000,1200), B = [1250,1400),
//     the gap is [1200,1250) (50 bytes) and the window is [1000,1400).
//   - [MUST] A window belongs to one source and is exactly the body's bytes
//     from start to end; windows of one source share no byte; no molecule is
//     listed twice; listed molecules lie inside their window and are never cut.
//   - [MUST] The budget holds for every call (Validation Criterion 4); the
//     Performance Target "<5% over-budget assemblies" is read as a fleet
//     statistic, not a licence. maxChars <= 0 is an error.
//   - [SHOULD] gap_fill joins when gap < GapLimit (std085 dynamic density:
//     "< MERGE_THRESHOLD"); the original code uses <=.
//   - [REFERENCE] Temporal, semantic and narrative links fill the gap too (no
//     separators), so they are taken only when the budget allows; they are the
//     first links dropped. "Related content" (temporal) is read as "same
//     source". Links compare neighbours in byte order only.
//   - [REFERENCE] Recall before context: blocks are kept first, gap bytes are
//     spent after (std085 dynamic density: "Quantity First"). A block that
//     does not fit is dropped, never truncated.
//   - [REFERENCE] Kinds differ only in the boundaries of step 4. The other
//     wishes of §2 (function/class context, variable scope, categorical
//     consistency) are not checkable from byte ranges.
//   - [REFERENCE] Defaults: GapLimit 500, TimeWindow 3600 s, SemanticMin 0.8,
//     ExtendLimit 500. Timestamp 0 and an empty vector mean unknown; entities
//     are compared exactly, as a set. Result adds "score" (the highest
//     molecule score), which orders the output.
package assemble
