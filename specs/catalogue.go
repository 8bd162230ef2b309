package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// catalogue is every example-based requirement of the catalogue, standard
// by standard: the table of contents of this package. Each row names its
// check, which lives in the file the standard's heading gives.
func catalogue() []suite.Requirement {
	inf := suite.Spec.Of(adapters.Inflate)
	den := suite.Spec.Of(adapters.Density)
	asm := suite.Spec.Of(adapters.Assemble)
	rad := suite.Spec.Of(adapters.Radial)
	ela := suite.Spec.Of(adapters.Elastic)
	fuz := suite.Spec.Of(adapters.Fuzzy)
	dsf := suite.Spec.Of(adapters.Densify)
	exp := suite.Spec.Of(adapters.Expand)
	return []suite.Requirement{
		// Context inflation (std085-context-inflation-dynamic-density §2): checks
		// in inflate.go; decisions in REQUIREMENTS.md, "Context inflation and
		// dynamic density".
		inf("INF-08", "std085 §2.1.3", suite.Must,
			"Hits MERGE_THRESHOLD (the declared merge_threshold, default 500) bytes or more apart are not merged: without a budget, no window shorter than 1250 lists both while reaching less than their gap beyond them (which padded windows that meet would); under a budget of twice the threshold, two empty hits the threshold apart share no window (no reading pads them to overlap).", notMergedAtThreshold),
		inf("INF-18", "std085 §2.1.3 (reference)", suite.Reference,
			"Hits MERGE_THRESHOLD (the declared merge_threshold, default 500) bytes or more apart never share a window, not even when their padded windows overlap.", notMerged),
		inf("INF-11", "std085 §2.1; bad input", suite.Robust,
			"A malformed request is rejected with an error: offsets outside the document or reversed, unknown compound, duplicate or empty hit IDs, invalid UTF-8, an offset inside a character.", badInflateInput),
		inf("INF-12", "std085 §2.1.4", suite.Must,
			"Padding gives a lone hit at least MIN_PADDING (50) of context on each side, or all the document has there.", padsBothSides),
		inf("INF-14", "std085 §2.1 (reference)", suite.Reference,
			"The reference's exact windows: merge span plus 200 padding, right-side truncation at the cap, clamping at the document's edge, neighbours split the gap.", exactWindows),

		// Dynamic density (std085-context-inflation-dynamic-density §3): checks in
		// density.go; decisions in REQUIREMENTS.md, "Context inflation and dynamic
		// density".
		den("DEN-06", "std085 §3.2 (MIN_PADDING)", suite.Must,
			"With budget to spare, a lone short hit gets at least 50 of context on each side (where the document allows).", minPadding),
		den("DEN-07", "std085 §3; bad input", suite.Robust,
			"A zero or negative budget is rejected with an error.", badBudget),
		den("DEN-08", "std085 §3.1 (reference)", suite.Reference,
			"The reference's squeeze: 10 hits and a budget of 1000 keep the best 6, each padded by 58 within a cap of 166.", exactSqueeze),

		// Window assembly (std085-context-inflation-protocol §1–3): checks in
		// assemble.go; the decisions behind the levels, where the protocol is vague
		// or contradicts itself, in REQUIREMENTS.md, "Window assembly".
		asm("ASM-11", "std085 protocol §3 (example)", suite.Must,
			"§3's example: molecules A = bytes 1000–1200 and B = 1250–1400 with a budget of 1000 (room for markers) are one window, holding the body's bytes [1000, 1400) exactly between its offsets and listing both.", asmGapExample),
		asm("ASM-12", "std085 protocol §3, calculateCoherence (reference)", suite.Reference,
			"§3's example is labelled gap_fill with coherence 1 − 50/500 = 0.9.", asmGapCoherence),
		asm("ASM-13", "std085 protocol §2 Adjacent, Validation Criterion 1", suite.Must,
			"Overlapping and touching molecules of one source are one window, listing them all.", asmAdjacentExample),
		asm("ASM-14", "std085 protocol §2–3 Inflation Strategies (reference)", suite.Reference,
			"Each strategy on hand-derived pairs: adjacent, gap_fill, temporal, semantic and narrative joins with their coherence, and the pairs no enabled strategy joins.", asmStrategies),
		asm("ASM-15", "std085 protocol §3; std085 §2.1 (< MERGE_THRESHOLD) (reference)", suite.Reference,
			"Gap filling joins molecules less than 500 bytes apart and not those 500 apart (when nothing else links them).", asmGapLimit),
		asm("ASM-16", "std085 protocol; bad input", suite.Robust,
			"A malformed request is rejected with an error: max_chars <= 0, duplicate or empty IDs, invalid UTF-8, unknown source, offsets negative, reversed, beyond the body or inside a character, a score or vector that is not finite.", asmBadInput),
		asm("ASM-17", "std085 protocol (reference)", suite.Reference,
			"The reference also rejects empty ranges, unknown kinds and strategies, vectors of different lengths, empty entities and out-of-range options; no molecules is an empty answer, not an error.", asmReferenceInput),

		// Radial lazy inflation (std085-context-inflation-protocol §5): checks in
		// radial.go; the decisions behind the levels, where the protocol is vague,
		// in REQUIREMENTS.md, "Radial lazy inflation".
		rad("RAD-19", "std085 protocol §5.4 (example)", suite.Must,
			"§5.4's example: atoms at 1000 and 1400 with radius 500 give [500,1500] and [900,1900], merged into one window holding [500,1900]; windows that only touch merge too (exactly the union is RAD-10's, REFERENCE; RAD-08 judges merging on generated cases).", radOverlapExample),
		rad("RAD-20", "std085 protocol §5.3", suite.Must,
			"Code windows cost their non-whitespace length (spaces, tabs and newlines are free); the same text as prose costs its full length.", radCodeCost),
		rad("RAD-21", "std085 protocol §5.3 (function/block boundaries)", suite.Should,
			"A code atom's window holds the innermost function or block enclosing it, whole, when that block fits in 2·radius (a Go for block, a Python if block, with and without room for their function).", radCodeBlocks),
		rad("RAD-22", "std085 protocol §5.3 (reference)", suite.Reference,
			"The reference's code windows: the largest enclosing block that fits, else whole lines grown around the atom's line, else the radial window.", radCodeExact),
		rad("RAD-23", "std085 protocol §5.5", suite.Must,
			"Budget 10,000, two terms with 2 direct and 5 related atoms each (or 8, 5 served): 1,750 per direct atom (70% evenly) and 3,000 to the related atoms in all (30%).", radSplitExample),
		rad("RAD-32", "std085 protocol §5.5 (one term; reference)", suite.Reference,
			"A single-term query is split 70/30 too, the 30% evenly: budget 10,000, one term with 4 direct atoms gives 1,750 per direct atom and 600 per related atom (5 served of 5 or 8).", radSplitSingleTerm),
		rad("RAD-24", "std085 protocol §5.5 (reference)", suite.Reference,
			"The reference's split: terms with atoms share evenly; a term without related atoms keeps its 30% for its direct atoms; one without direct atoms gives all to its related atoms; a term with no atoms gets nothing; amounts round down.", radSplitDecisions),
		rad("RAD-25", "std085 protocol §5.1", suite.Reference,
			"Ingest records an atom at the start of every word, labelled with the word (compared without case).", radIngestWords),
		rad("RAD-26", "std085 protocol §5.1 (reference)", suite.Reference,
			"The reference's keywords are maximal runs of letters and digits, labelled in lower case: _ - and ' end a word.", radIngestExact),
		rad("RAD-27", "std085 protocol §5; bad input", suite.Robust,
			"Malformed input is rejected with an error: unknown compound, offsets outside the body or inside a character, invalid UTF-8, radius < 1, empty or duplicate document IDs, a NaN score, a negative budget or count, a term given twice.", radBadInput),

		// Elastic Context (std105-elastic-context-fuzzy-search §2, §4): census →
		// radius → hydration, checks in elastic.go. Decisions (in full in
		// REQUIREMENTS.md, "Elastic Context"): the budget beats the 200 floor
		// (MUST), which atoms survive is the reference's (REFERENCE); the check
		// measures prose and data windows by plain length and code windows by
		// non-whitespace length (std085-protocol §5.3); 0 hits give no windows
		// (ROBUST) and radius 0 (REFERENCE); the census finds every exact,
		// case-insensitive occurrence (MUST for ASCII case, REFERENCE beyond),
		// and nothing else (REFERENCE: std105 §3.2's SQL also has ILIKE).
		ela("ELA-01", "std105 §2.2, §4; std085-protocol §5.2", suite.Must,
			"The radius is clamp(floor(budget/hits/2), 200, 32000): std085 §5.2's three examples and the std105 clamp at both ends.", elaRadiusExamples),
		ela("ELA-02", "std105 §2.2; bad input", suite.Robust,
			"A budget of zero or less is an error for Radius and Hydrate, and so is a negative hit count for Radius.", elaBadBudget),
		ela("ELA-03", "std105 §2.2", suite.Robust,
			"With no hits there is nothing to window: hydrating no atoms answers no windows, keeps and drops nothing, and is not an error.", elaNoHits),
		ela("ELA-04", "std085-protocol §5.4; std105 §2.3", suite.Must,
			"Hydration cuts [offset−r, offset+r] around each atom, clamped to the document, and merges windows that overlap or touch, with r the formula's or wider up to what the budget holds: §5.4's own example and hand-derived cases.", elaHydrateExamples),
		ela("ELA-05", "std105 §4 (budget respect vs. the 200 floor)", suite.Must,
			"When the 200 floor makes hits·400 exceed the budget, the windows still cost at most the budget (prose and data in plain length, code in non-whitespace length).", elaFloorContradiction),
		ela("ELA-06", "std105 §4 (reference)", suite.Reference,
			"Under the floor the reference keeps the longest prefix of the atoms best first (score, then compound, offset, label) whose windows fit at the floor, recomputes the radius for them, and reports the others as dropped, best first; below a budget of 400 the best atom is kept at a narrower radius.", elaSurvivors),
		ela("ELA-07", "std105 §2.3 phase 1, §3.1", suite.Must,
			"The census finds every whole-word occurrence of a term, compared case-insensitively, each position once, and no occurrence that begins inside a word (hand-derived on a small text).", elaCensusSmall),
		ela("ELA-08", "std105 §2.3 phase 1, §3.1", suite.Must,
			"The census finds the words of the terms on the fixture corpora (prose: \"THE\" 148 times; data: \"ISLANDS\" 14 + 11, with \"EUROPE\" 67).", elaCensusCorpus),
		ela("ELA-29", "std105 §3.2 (exact tier, not ILIKE; reference)", suite.Reference,
			"The census finds nothing but exact matches: a word that merely begins with a term (Cathedral, then) is no hit, so \"THE\" is 148 atoms of the prose corpus and \"Islands\" + \"EUROPE\" 67 of the data.", elaCensusOnlyExact),
		ela("ELA-09", "std105 §3.1 (LOWER beyond ASCII; reference)", suite.Reference,
			"The census compares non-ASCII letters case-insensitively too (ÆRØ finds ærø; über finds ÜBER).", elaCensusUnicodeCase),
		ela("ELA-10", "std105 §2.3; bad input", suite.Robust,
			"Malformed input is rejected with an error: unknown compound, offsets outside the body or inside a character, invalid UTF-8, unknown kinds, duplicate or empty document IDs — even for atoms the budget would drop.", elaBadInput),
		ela("ELA-11", "std105 §2.2–2.3 (reference)", suite.Reference,
			"The reference's own choices: 0 hits give radius 0 (Radius, and hydrating no atoms); atom labels are lower case with score 1; a keyword is a maximal run of letters and digits, so _ ' - end a word.", elaReferenceChoices),

		// Fuzzy search (std105-elastic-context-fuzzy-search §3: exact, prefix and
		// trigram tiers, pg_trgm semantics): the tiers and their order
		// (fuzzy_tiers.go), bad input (fuzzy_input.go), and agreement with pg_trgm's
		// functions (fuzzy_agreement.go); decisions in REQUIREMENTS.md, "Fuzzy
		// search".
		fuz("FUZ-01", "std105 §3.2 (Logic 1–3)", suite.Must,
			"Each label lands in the first tier it passes: exact (label = term), prefix (label ILIKE 'term%'), trigram (similarity at least 0.3), under one reading of the case: the declared exact_case and prefix_case, else any (a case variant exact, prefix or trigram; a prefix in another case prefix or none); other labels are not returned (an answer with no trigram tier at all is FUZ-05's).", fuzzyTiers),
		fuz("FUZ-02", "std105 §3.2; pg_trgm lower()", suite.Must,
			"Exact and prefix matching ignore case as the declared locale's lower() does: Unicode letters in a UTF-8 locale, ASCII only in C, where the declared exact_case and prefix_case ignore it (undeclared: the answer is one case reading's).", fuzzyUnicodeCase),
		fuz("FUZ-03", "std105 §3.2 (priorities)", suite.Must,
			"All exact matches come before all prefix matches, which come before all trigram matches, whatever their similarity.", fuzzyTierOrder),
		fuz("FUZ-24", "std105 §3.2 SQL (case; reference)", suite.Reference,
			"The case as the SQL runs it (exact_case and prefix_case insensitive): a case variant of the term is an exact match (LOWER(atom_label) = LOWER($1)), not a prefix match, CAT for cat, école for ÉCOLE in a UTF-8 locale; a label starting with the term in another case is a prefix match (ILIKE $2), Catalogue for cat.", fuzzyCaseExact),
		fuz("FUZ-04", "std105 §3.2 (reference)", suite.Reference,
			"Ties: exact by label then ID; prefix by label length in bytes, then label, then ID; trigram by similarity (highest first), then label, then ID; labels and IDs compared as bytes.", fuzzyTies),
		fuz("FUZ-05", "std105 §3.2 item 3; pg_trgm %", suite.Must,
			"The trigram tier: at pg_trgm's default 0.3, the labels whose similarity passes it and no others; under a threshold the request names, the answer is the one for that threshold (with the declared trigram_boundary, else >= or >) or for 0.3.", fuzzyThreshold),
		fuz("FUZ-06", "std105 §3.2; bad input", suite.Robust,
			"Terms are data, not syntax: %, _, \\, quotes and SQL comment markers match only themselves (the term % does not match everything), and a term holding SQL does not harm the store.", fuzzyMetachars),
		fuz("FUZ-07", "std105 §3; bad input", suite.Robust,
			"Bad input is refused with an error: an empty term, a NUL byte or invalid UTF-8 in a term or a label, a threshold outside [0, 1] or NaN, a negative limit.", fuzzyBadInput),
		fuz("FUZ-08", "std105 §3; bad input", suite.Robust,
			"A NUL byte in a term or a label is refused with an error that names it (PostgreSQL text cannot hold NUL).", fuzzyNULMessage),
		fuz("FUZ-09", "std105 §3; bad input", suite.Robust,
			"A very long term (1 KiB + 1, 64 KiB, 1 MiB) is refused with an error or answered correctly; never a crash or a hang.", fuzzyLongTerms),
		fuz("FUZ-10", "std105 §3 (reference)", suite.Reference,
			"Terms longer than 1024 bytes are refused; a term of exactly 1024 bytes is answered.", fuzzyTermLimit),
		fuz("FUZ-11", "std105 §3.1, §5 (Fidelity)", suite.Must,
			"Typos find their words: conciousness finds consciousness (similarity 0.6875), limerance finds limerence (0.53846157), both in the trigram tier, and the generic machine is not returned.", fuzzyTypos),
		fuz("FUZ-12", "std105 §3.2–3.3; pg_trgm", suite.Should,
			"show_trgm, lower and similarity agree with pg_trgm (reference/trgm, in the declared locale) on thousands of strings and pairs.", againstReference(trigramAgreement)),
		fuz("FUZ-13", "std105 §3.3; pg_trgm", suite.Reference,
			"word_similarity and strict_word_similarity agree with pg_trgm (reference/trgm, in the declared locale) on thousands of pairs.", againstReference(wordSimilarityAgreement)),
		fuz("FUZ-22", "std105 §3; search contract (threshold)", suite.Robust,
			"A threshold the request names (in [0, 1]) is the one applied: 0.5, 0.25, 1 and 0 each give their own answer, threshold 0 every label (with the declared trigram_boundary, else >= or >).", fuzzyRequestedThreshold),
		fuz("FUZ-23", "std105 §3.2 item 3; pg_trgm % (reference)", suite.Reference,
			"A similarity equal to a threshold the request names matches (pg_trgm's C source: similarity >= threshold).", fuzzyThresholdEqual),

		// Chunk/merge densification (densification-chunking), checks grouped by
		// concern: the simulated model and the judgements shared by all
		// (densify_model.go), the entry paths (densify_flow.go), overflow handling
		// by halving and merge retries (densify_overflow.go), the classification of
		// provider errors (densify_errors.go), capture's retry (densify_capture.go),
		// bad input (densify_input.go) and the cost against the simulator's bound
		// (densify_cost.go). Decisions (in full in REQUIREMENTS.md, "Chunk/merge
		// densification"): failures are answers with status failed, not errors; the
		// answer reports the shape of its calls and the harness checks it against
		// the record; "within the cap" is judged on the original estimator's count;
		// halving is b/2 either way, clamped to 320; "exactly once per attempt" is
		// per round, white space removed; non-termination is a call budget
		// exceeded; the safety-margin drift and the cost factors are SHOULD.
		dsf("DSF-01", "High-level flow 2, 3", suite.Must,
			"An input whose estimate exceeds the maximum input is rejected early, as input too long, without any provider call, with and without capture (whether capture retries the rejection is DSF-13's); one within it is not rejected early (as too long or invalid), with and without capture, at either entry.", earlyRejection),
		dsf("DSF-02", "High-level flow 2 (reference)", suite.Reference,
			"The default maximum input is 100,000 estimated tokens (the text's figure; the original code used 64,000).", defaultMaxInput),
		dsf("DSF-03", "Remote providers", suite.Must,
			"Reactive entry makes one full-input call first; when it succeeds, it is the only call and its output is the result.", reactiveFirst),
		dsf("DSF-04", "Remote providers; Context-window error detection", suite.Must,
			"When the full call overflows the context window, in the wording of each provider the text covers, the flow switches to chunking and recovers.", reactiveOverflow),
		dsf("DSF-05", "Remote providers; Retry strategy", suite.Must,
			"A failure that is not a context-window overflow is returned at once, at every stage: no chunking, no halving, no merge-local retry follows it.", nonOverflowReturned),
		dsf("DSF-06", "Apple Foundation Models", suite.Must,
			"Proactive entry at the 4096 cap starts by chunking (no full call) and succeeds (within the cap by the simulator's count is DSF-29's).", proactiveApple),
		dsf("DSF-07", "Retry strategy; What happens when merge pass overflows?", suite.Must,
			"A merge overflow first halves the merge budget and retries the merge on the same partials; chunks are not re-sent while the merge budget is above 320.", mergeLocalRetry),
		dsf("DSF-08", "Retry strategy", suite.Must,
			"When merging still overflows at the minimum merge budget, the chunk budget is halved and the run restarts from the input; at the minimum chunk budget the error surfaces.", mergeFallback),
		dsf("DSF-09", "Budget values; Retry strategy", suite.Must,
			"Budgets are halved on overflow and never below 320: chunk overflows step the chunk budget down to 320, then the error surfaces.", halvingFloor),
		dsf("DSF-10", "Context-window error detection", suite.Must,
			"A rate-limit error never triggers chunking or halving, at the full call, a chunk call or a merge call, in the wording of each provider the text covers (OpenAI, Anthropic, Gemini, Apple).", rateLimitNotOverflow),
		dsf("DSF-11", "Context-window error detection", suite.Must,
			"Classification on fixtures/densify/errors.json, the messages every reading of the phrase list decides: the full call failing with an overflow whose message holds a listed phrase (and no listed rate-limit signal) switches to chunking; one failing with a rate limit or another failure whose message holds no listed overflow phrase does not.", classifierFixtures),
		dsf("DSF-12", "Capture-level retry and final failure", suite.Must,
			"Capture retries a failed densification once (2 attempts in all); when both fail the answer is failed with the failure message.", captureRetry),
		dsf("DSF-13", "Capture-level retry (reference)", suite.Reference,
			"Capture retries provider failures only: not the early rejection and not invalid input.", captureOnlyProvider),
		dsf("DSF-14", "Capture-level retry and final failure", suite.Should,
			"The stored failure message carries the provider's own message.", messageCarriesProvider),
		dsf("DSF-15", "bad input", suite.Robust,
			"Invalid input (invalid UTF-8, a negative cap or maximum input, an unknown entry) is refused without any provider call.", badDensifyInput),
		dsf("DSF-16", "High-level flow (reference)", suite.Reference,
			"Input of only white space densifies to the empty text without a provider call.", blankInput),
		dsf("DSF-17", "Non-reducing merge guard", suite.Must,
			"The merge loop ends even with a model that never shortens its input: passes whose groups cannot reduce the parts are not run.", terminatesWithEcho),
		dsf("DSF-18", "Current trade-off (reference: cost factors)", suite.Reference,
			"When the plan's cap is the model's window, densification stays within 4x the simulator's lower bound in calls and 2x in tokens sent (figures for every run are reported against the bound, the largest call against the cap).", costWithinFactor),
		dsf("DSF-30", "Context-window error detection (reference: messages the list only suggests)", suite.Reference,
			"Classification on the rest of fixtures/densify/errors.json: overflows in wordings the text does not list (llama.cpp, Ollama, \"Input is too long\", ...) switch to chunking; rate limits and other failures that hold a listed overflow phrase (a proxy's 429 \"context window exceeded\") do not.", classifierSuggested),
		dsf("DSF-28", "Current trade-off (reference: derived budgets)", suite.Reference,
			"Chunk and merge budgets derived from the window keep calls within 1.25x of the planned bound (every call keeping the safety margin, its prompt and its least output) when no call fails, and within 2x of the simulator's bound when a declared 100,000 cap proves too large for an 8192 window and the overflow states it; no accepted call exceeds the window.", derivedCost),

		// Dynamic candidate expansion (adr023-dynamic-candidate-expansion): checks
		// in expand.go and, for the recall comparison, expand_recall.go. Decisions
		// (the table is in REQUIREMENTS.md, "Dynamic candidate expansion"): exactly
		// 0.01 is growing (MUST: table and code agree); exactly 0.10 is mature
		// (REFERENCE: the code says so, the table says growing; EXP-14 accepts either there); fewer
		// than two nodes is at most 1.5 (MUST) and exactly 1.0 (REFERENCE); edges
		// are directed (MUST); self-loops and repeated edges do not count
		// (REFERENCE); candidates asked = ceil of the exact product (MUST); limit 0
		// asks for nothing and a query without a word is an error (REFERENCE).
		exp("EXP-01", "ADR-023 Decision (table), Implementation Details", suite.Must,
			"Inside each band the multiplier is the table's: 1.5 below density 0.01, 2.0 from 0.01 to below 0.10, 3.0 from 0.10.", expMultiplierBands),
		exp("EXP-02", "ADR-023 Decision (table), Implementation Details", suite.Must,
			"Density exactly 0.01 is growing: multiplier 2.0, and the semantic stage is asked for 2·limit.", expAtOneHundredth),
		exp("EXP-03", "ADR-023 Implementation Details (`< 0.1`) against the table (reference)", suite.Reference,
			"Density exactly 0.10 is mature, as the ADR's code says (its table, \"Growing 0.01 - 0.10\", \"Mature > 0.10\", says growing): multiplier 3.0, and the semantic stage is asked for 3·limit.", expAtOneTenth),
		exp("EXP-04", "ADR-023 Implementation Details (directed graph)", suite.Must,
			"Edges are directed: A→B and B→A are two of the n·(n-1) possible edges.", expDirected),
		exp("EXP-05", "ADR-023 Implementation Details (nodeCount < 2)", suite.Must,
			"A graph of fewer than two nodes never gets a multiplier above 1.5 (nor below 1).", expTrivialAtMost),
		exp("EXP-06", "ADR-023 Implementation Details (reference)", suite.Reference,
			"A graph of fewer than two nodes gets multiplier 1.0, as the ADR's code says, and the semantic stage is asked for limit.", expTrivialExact),
		exp("EXP-07", "ADR-023 density (reference)", suite.Reference,
			"Self-loops do not count as edges (they are not among the n·(n-1) possible ones).", expSelfLoops),
		exp("EXP-08", "ADR-023 density (reference)", suite.Reference,
			"A repeated edge counts once (the graph is simple).", expDuplicates),
		exp("EXP-09", "ADR-023 Implementation Details (Math.ceil)", suite.Must,
			"The semantic stage is asked for ceil(limit·multiplier) candidates: 1.5× rounds up, and the answer reports the band's multiplier.", expAskedPerBand),
		exp("EXP-10", "ADR-023 Decision (search_limit); ADR-022 re-rank", suite.Must,
			"Never more than limit results, each a distinct candidate; the candidates are distinct tools of the catalogue, at most as many as asked.", expWithinLimit),
		exp("EXP-11", "ADR-023; bad input", suite.Robust,
			"Bad input is rejected with an error: a negative limit, an empty or invalid UTF-8 tool ID, node or edge end, duplicate tool IDs, an invalid UTF-8 query.", expBadInput),
		exp("EXP-12", "ADR-023 (reference)", suite.Reference,
			"A query without a word is an error; limit 0 is not: it asks for 0 candidates and returns nothing.", expReferenceEdges),
		exp("EXP-13", "ADR-023 Context (hidden gems), Consequences (discovery) (reference)", suite.Reference,
			"On the mature fixture graph, the dynamic multiplier's mean recall@limit over the hidden-gem cases is at least a static 2×'s.", expRecall),
	}
}
