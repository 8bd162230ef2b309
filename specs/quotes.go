package specs

import "github.com/ctxconform/ctxconform/suite"

// Requirements is every example-based requirement of the catalogue (see
// catalogue), each MUST and SHOULD with the sentence of its standard it
// enforces.
func Requirements() []suite.Requirement { return suite.WithQuotes(catalogue(), quotes) }

// quotes holds, by requirement ID, the sentence(s) of the standard each MUST
// and SHOULD spec enforces, verbatim from the texts of package standards
// (fragments from different places joined by suite.QuoteSep);
// TestQuotes proves every one is the text's own. ROBUST and REFERENCE
// requirements have none: no sentence of a standard fixes them.
var quotes = map[string]string{
	// Context inflation and dynamic density: std085-context-inflation-dynamic-density.
	"INF-08": "If `(MoleculeB.start - MoleculeA.end) < MERGE_THRESHOLD` (Default: **500 chars**), they are considered part of the same \"Context Window\". … Apply `PADDING_CHARS` to the start and end of the window.",
	"INF-12": "Apply `PADDING_CHARS` to the start and end of the window.",
	"DEN-06": "**MIN_PADDING**: 50 chars (Ensures minimal context like `<50>search<50>`).",

	// Window assembly: std085-context-inflation-protocol §1–3.
	"ASM-11": "Molecule A: bytes 1000-1200 Molecule B: bytes 1250-1400 Gap: bytes 1201-1249 (likely metadata/comments) Inflate: Combine A + gap content + B for coherent window",
	"ASM-13": "**Adjacent**: Molecules from same source with contiguous byte ranges … Adjacent molecules from same source must be properly combined",

	// Radial lazy inflation: std085-context-inflation-protocol §5.
	"RAD-19": "Atom A: position 1000, radius 500 → window [500, 1500] Atom B: position 1400, radius 500 → window [900, 1900] Overlap detected → Merged window [500, 1900] … If `window.start <= previous.end`, merge into one extended window",
	"RAD-20": "When inflating code content: - Ignore whitespace in budget calculations (content density matters, not padding)",
	"RAD-21": "Expand to function/block boundaries where possible",
	"RAD-23": "For multi-term queries, budget is distributed: - **70%** → Direct query atoms (evenly split) - **30%** → Related/nearby atoms (5 per primary term via synonym ring)",

	// Elastic radius: std105 §2, §4, with std085-context-inflation-protocol §5.
	"ELA-01": "ElasticRadius = Clamp( GlobalBudget / TotalHits / 2, Min: 200 bytes, Max: 32000 bytes ) … radius = floor(tokenBudget * charsPerToken / expectedResults / 2) … - 2,000 tokens → 400 bytes radius (~80 words each direction) - 10,000 tokens → 2,000 bytes radius (~400 words) - 20,000 tokens → 4,000 bytes radius (~800 words)",
	"ELA-04": "**Phase 3 (Inflation):** Content is hydrated from disk using the calculated dynamic radius. … Atom A: position 1000, radius 500 → window [500, 1500] Atom B: position 1400, radius 500 → window [900, 1900] Overlap detected → Merged window [500, 1900]",
	"ELA-05": "**Budget Respect:** The system strictly respects the `max_chars` limit passed by the user/agent.",
	"ELA-07": "**Phase 1 (Census):** `ContextInflator.getAtomLocations` scans the index to count total potential hits matching the terms. … 1. **Exact Match:** `atom_label = term` (Highest priority) … LOWER(atom_label) = LOWER($1)",
	"ELA-08": "**Phase 1 (Census):** `ContextInflator.getAtomLocations` scans the index to count total potential hits matching the terms.",

	// Fuzzy search: std105 §3.
	"FUZ-01": "1. **Exact Match:** `atom_label = term` (Highest priority) 2. **Prefix Match:** `atom_label LIKE 'term%'` (High priority) 3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension)",
	"FUZ-02": "LOWER(atom_label) = LOWER($1) OR atom_label ILIKE $2 -- Fuzzy/Prefix match",
	"FUZ-03": "1. **Exact Match:** `atom_label = term` (Highest priority) 2. **Prefix Match:** `atom_label LIKE 'term%'` (High priority) 3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension)",
	"FUZ-05": "3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension)",
	"FUZ-11": "A single typo (e.g., \"conciousness\" vs \"consciousness\") causes the primary search to fail, often falling back to generic terms (like \"machine\") and returning irrelevant results. … **Fidelity:** Queries with typos should now return the correct semantic cousins.",
	"FUZ-12": "3. **Trigram/Fuzzy Match:** `atom_label % term` (using `pg_trgm` extension) … **PostgreSQL Extension:** `CREATE EXTENSION IF NOT EXISTS pg_trgm;` enabled in `db.ts`.",

	// Densification: densification-chunking.md.
	"DSF-01": "If estimated tokens exceed `maxDensificationInputTokens` (default `100_000`), densification is rejected early with `densificationInputTooLong`. … Otherwise the request is delegated to the selected `ProviderClient`.",
	"DSF-03": "First attempt is a single densification call with the full input.",
	"DSF-04": "If and only if error classification says \"context window exceeded\", fallback switches to adaptive chunking.",
	"DSF-05": "Non-context-window failures are returned immediately. … If still failing at minimum chunk budget (or if error is non-context-window), surface error.",
	"DSF-06": "Densification starts directly in adaptive chunking mode (no single full-input call first). - Initial chunk/merge budgets are computed dynamically from Apple's `4096` context cap (`input + prompt + output`).",
	"DSF-07": "If merge fails with context-window overflow, first perform merge-local retry by halving merge budget only. … Merge overflow first triggers merge-local recovery (no chunk recomputation yet). - Existing chunk partials are reused.",
	"DSF-08": "If merge-local retry cannot recover at minimum merge budget, fall back to chunk-budget reduction. - If still failing at minimum chunk budget (or if error is non-context-window), surface error.",
	"DSF-09": "Minimum chunk budget: `320` tokens. … If chunk densification fails with context-window overflow, halve `chunkInputTokens` and retry. … Stop halving at minimum (`320`).",
	"DSF-10": "It also avoids misclassifying common rate-limit signals (`tokens per minute`, `rpm`, `quota`, etc.).",
	"DSF-11": "Fallback is driven by message-based classification (`isContextWindowExceededError`). - It checks known phrases such as: - `context window` - `context_length_exceeded` - `maximum context length` - `prompt is too long` - `input token count ... exceeds ... maximum` - It also avoids misclassifying common rate-limit signals (`tokens per minute`, `rpm`, `quota`, etc.).",
	"DSF-12": "`CaptureWorkflow` retries densification up to `2` attempts total for provider request failures. - If all attempts fail: - snapshot is persisted with `status = failed`, - failure message is stored.",
	"DSF-14": "failure message is stored.",
	"DSF-17": "If merge grouping cannot reduce count (every group size is `1`), merge loop exits and returns joined partials directly. - This prevents infinite looping when grouping cannot progress.",

	// Dynamic candidate expansion: ADR-023.
	"EXP-01": "if (density < 0.01) return 1.5; if (density < 0.10) return 2.0; return 3.0;",
	"EXP-02": "if (density < 0.01) return 1.5; if (density < 0.10) return 2.0; … const candidates = await this.vectorSearch.searchTools(query, Math.ceil(limit * multiplier));",
	"EXP-04": "const maxEdges = nodeCount * (nodeCount - 1); // Directed graph",
	"EXP-05": "if (nodeCount < 2) return 1.0;",
	"EXP-09": "const candidates = await this.vectorSearch.searchTools(query, Math.ceil(limit * multiplier));",
	"EXP-10": "The logic will be: `search_limit = requested_limit * expansion_multiplier` … Currently, we fetch `limit * 2` candidates from the semantic search before re-ranking them with graph scores.",
}
