package properties

import "github.com/ctxconform/ctxconform/suite"

// Requirements is every property of the catalogue (see catalogue), each
// MUST and SHOULD with the sentence of its standard it enforces.
func Requirements() []suite.Requirement { return suite.WithQuotes(catalogue(), quotes) }

// quotes holds, by requirement ID, the sentence(s) of the standard each MUST
// and SHOULD property enforces, verbatim from the texts of package
// standards (fragments from different places joined by suite.QuoteSep);
// TestQuotes proves every one is the text's own. ROBUST and REFERENCE
// requirements have none: no sentence of a standard fixes them.
var quotes = map[string]string{
	// Context inflation: std085-context-inflation-dynamic-density §2, the
	// protocol's Performance Targets.
	"INF-01": "Clamp to document boundaries (0, length). … **Output**: List of `SearchResult` objects with `is_inflated: true` and `content` replaced by the inflated slice (with visual markers `...`).",
	"INF-04": "If `(MoleculeB.start - MoleculeA.end) < MERGE_THRESHOLD` (Default: **500 chars**), they are considered part of the same \"Context Window\". … They are merged into a single window spanning from `MoleculeA.start` to `MoleculeB.end`.",
	"INF-05": "**Grouping**: Search results (molecules) are grouped by their parent `compound_id`. … They are merged into a single window spanning from `MoleculeA.start` to `MoleculeB.end`.",
	"INF-19": "They are merged into a single window spanning from `MoleculeA.start` to `MoleculeB.end`. … Clamp to document boundaries (0, length). … If a merged window (or even a single inflated molecule) exceeds this cap, strict truncation is applied at the limit.",
	"INF-07": "**Constraint**: No single window may exceed `MAX_WINDOW_SIZE`. … **Static Fallback**: If no budget is provided, defaults to 2500 chars (safe max).",
	"INF-09": "**Grouping**: Search results (molecules) are grouped by their parent `compound_id`. … **Sorting**: Molecules within a compound are sorted by `start_byte`.",
	"PRF-01": "Character Budget Adherence: <5% over-budget assemblies",
	"PRF-03": "Inflation Speed: <5ms per window assembly",

	// Dynamic density: std085-context-inflation-dynamic-density §3.
	"DEN-01": "To maximize **Recall** within a fixed **Token Budget**, the system dynamically scales the `MAX_WINDOW_SIZE` and `PADDING_CHARS` based on the number of search hits. … // Truncate list to fit budget at minimal viable quality.",
	"DEN-02": "We prioritize **Count (Recall)** over **Size (Detail)**, down to a \"Minimum Viable\" floor. … // EXPAND: We can fit everyone.",
	"DEN-03": "SafeCount = TotalBudget / MinViableSize Results = Results.slice(0, SafeCount) TargetWindowSize = MinViableSize … **MIN_WINDOW_CAP**: 200 chars (Absolute floor for a useful card).",
	"DEN-04": "Inflation occurs **after** search scoring/ranking but **before** the final Token Budgeting. … Results = Results.slice(0, SafeCount)",
	"DEN-05": "**MAX_PADDING**: 500 chars (Prevents bloat when few results found).",
	"DEN-10": "Clamp to document boundaries (0, length). … `content` replaced by the inflated slice",
	"DEN-11": "**Grouping**: Search results (molecules) are grouped by their parent `compound_id`. … // Truncate list to fit budget at minimal viable quality.",

	// Window assembly: std085-context-inflation-protocol §1–3.
	"ASM-01": "Adjacent molecules from same source must be properly combined",
	"ASM-02": "Inflate: Combine A + gap content + B for coherent window … Byte-coordinate gaps must be intelligently filled",
	"ASM-05": "coherence_score: number; // 0.0-1.0 confidence in window coherence",
	"ASM-06": "Character Budget Adherence: <5% over-budget assemblies",

	// Radial lazy inflation: std085-context-inflation-protocol §5.
	"RAD-01": "Instead of storing molecules at ingest time, the system supports **on-the-fly molecule creation** from atom positions: … During ingest, record `{compound_id, atom_label, byte_offset}` for each detected keyword",
	"RAD-02": "1. Sort windows by start position 2. If `window.start <= previous.end`, merge into one extended window",
	"RAD-03": "Instead of storing molecules at ingest time, the system supports **on-the-fly molecule creation** from atom positions: … Atom A: position 1000, radius 500 → window [500, 1500]",
	"RAD-04": "When inflating code content: - Ignore whitespace in budget calculations (content density matters, not padding)",
	"RAD-05": "radius = floor(tokenBudget * charsPerToken / expectedResults / 2) … 2,000 tokens → 400 bytes radius (~80 words each direction)",
	"RAD-06": "Atom A: position 1000, radius 500 → window [500, 1500]",
	"RAD-08": "If `window.start <= previous.end`, merge into one extended window 3. Continue radiating outward as unified molecule",
	"RAD-11": "For multi-term queries, budget is distributed: - **70%** → Direct query atoms (evenly split) - **30%** → Related/nearby atoms (5 per primary term via synonym ring)",
	"RAD-12": "**30%** → Related/nearby atoms (5 per primary term via synonym ring)",
	"RAD-16": "During ingest, record `{compound_id, atom_label, byte_offset}` for each detected keyword",
	"RAD-17": "During ingest, record `{compound_id, atom_label, byte_offset}` for each detected keyword",

	// Elastic radius: std105 §2, §4, with std085-context-inflation-protocol §5.
	"ELA-12": "ElasticRadius = Clamp( GlobalBudget / TotalHits / 2, Min: 200 bytes, Max: 32000 bytes )",
	"ELA-13": "**Few Hits (Rare Term):** The system maximizes the window (up to ~32k chars) … **Many Hits (Common Term):** The system shrinks the window (down to ~200 chars)",
	"ELA-14": "**Phase 1 (Census):** `ContextInflator.getAtomLocations` scans the index to count total potential hits matching the terms. … 1. **Exact Match:** `atom_label = term` (Highest priority) … LOWER(atom_label) = LOWER($1)",
	"ELA-15": "**Phase 3 (Inflation):** Content is hydrated from disk using the calculated dynamic radius.",
	"ELA-16": "1. Sort windows by start position 2. If `window.start <= previous.end`, merge into one extended window",
	"ELA-18": "**Phase 2 (Calculation):** The `ElasticRadius` is computed using the total hit count and the user's `max_chars` budget.",
	"ELA-19": "**Budget Respect:** The system strictly respects the `max_chars` limit passed by the user/agent. … Ignore whitespace in budget calculations (content density matters, not padding)",
	"ELA-20": "**Phase 3 (Inflation):** Content is hydrated from disk using the calculated dynamic radius. … **Budget Respect:** The system strictly respects the `max_chars` limit passed by the user/agent.",
	"ELA-21": "Atom A: position 1000, radius 500 → window [500, 1500] … Ignore whitespace in budget calculations (content density matters, not padding)",

	// Fuzzy search: std105 §3.
	"FUZ-14": "1. **Exact Match:** `atom_label = term` (Highest priority) 2. **Prefix Match:** `atom_label LIKE 'term%'` (High priority) 3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension)",
	"FUZ-15": "1. **Exact Match:** `atom_label = term` (Highest priority) 2. **Prefix Match:** `atom_label LIKE 'term%'` (High priority) 3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension)",
	"FUZ-16": "1. **Exact Match:** `atom_label = term` (Highest priority) 2. **Prefix Match:** `atom_label LIKE 'term%'` (High priority) 3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension)",

	// Densification: densification-chunking.md.
	"DSF-20": "Practical effect: input is intentionally capped lower so the model has room to produce output without crossing context window. … Once chunking is active, both Apple and remote providers use reactive adaptation:",
	"DSF-21": "This prevents infinite looping when grouping cannot progress. … If still failing at minimum chunk budget (or if error is non-context-window), surface error.",
	"DSF-22": "If merge grouping cannot reduce count (every group size is `1`), merge loop exits and returns joined partials directly.",
	"DSF-23": "Planner splits input into chunks using token estimates. … Each chunk is sent to the provider with a chunk prompt:",
	"DSF-24": "If chunk densification fails with context-window overflow, halve `chunkInputTokens` and retry. - If merge fails with context-window overflow, first perform merge-local retry by halving merge budget only. - Stop halving at minimum (`320`).",
	"DSF-25": "Non-context-window failures are returned immediately. … It also avoids misclassifying common rate-limit signals (`tokens per minute`, `rpm`, `quota`, etc.).",

	// Dynamic candidate expansion: ADR-023.
	"EXP-14": "if (nodeCount < 2) return 1.0; … if (density < 0.01) return 1.5; if (density < 0.10) return 2.0; return 3.0;",
	"EXP-15": "const multiplier = this.calculateExpansionMultiplier(); const candidates = await this.vectorSearch.searchTools(query, Math.ceil(limit * multiplier));",
	"EXP-16": "The logic will be: `search_limit = requested_limit * expansion_multiplier` … Currently, we fetch `limit * 2` candidates from the semantic search before re-ranking them with graph scores.",
}
