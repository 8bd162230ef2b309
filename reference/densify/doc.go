// Package densify is the reference implementation of the densification
// chunking standard (shared/standards/densification-chunking.md): it turns
// one captured text into one dense text with a language model whose context
// window is limited, by one full call when the text fits and by chunking and
// hierarchical merging when it does not.
//
// The parts, each after a section of the standard:
//
//   - Provider, ProviderError: one model call, and its failure as the API
//     reported it ("Scope"; llm/openai, llm/anthropic and llm/sim implement it).
//   - Classify: context-window overflow, rate limit or other ("Context-window
//     error detection"); fixtures/densify/errors.json holds the real and
//     near-miss messages it is checked against.
//   - Estimator, CJKEstimator, Chars4Estimator: token estimates.
//   - Reserve, SafetyMargin, NewPlan, Plan.ChunkWords, FirstChunk:
//     allowedInput = cap - promptOverhead - outputReserve - safetyMargin and
//     the budgets derived from it ("Budget values", "Do we include potential
//     output tokens").
//   - StatedWindow: the window an overflow message states ("Remote reactive
//     path: 100_000 (high initial assumption, then adapted down by
//     failures)").
//   - Planner: chunks and merge groups (densifyInChunks steps 1 and 3).
//   - Densifier.Densify: entry, the adaptive loop, merge passes, the
//     non-reducing guard ("High-level flow", "Retry strategy",
//     "densifyInChunks", "What happens when merge pass overflows?").
//   - Densifier.Capture: the capture-level retry ("Capture-level retry").
//
// # Decisions
//
// Where the standard is silent, vague, or disagrees with its original code
// (a Swift app's ContextWindowPlanner and ProviderClient), this package
// decides as follows.
//
//   - Maximum input: the text says 100,000 tokens, the code 64,000. The
//     default is the text's (DefaultMaxInput); OriginalMaxInput names the
//     code's. An input over it is refused before any call (*InputTooLongError).
//   - Estimator: one token per CJK character plus ceil(other/3), as the code.
//   - Budgets are derived from the window and the prompts, with no fixed
//     ceiling (the original capped them at 1,800 and 2,000 tokens whatever
//     the window: OriginalMaxChunk, OriginalMaxMerge; Config.MaxChunk and
//     MaxMerge set ceilings again). A call reserves exactly the output its
//     word target asks for, Reserve(words) = ceil(words*4/3) tokens (the
//     original reserved 24% of the cap, 280..2400, and asked for fewer
//     words). Per call, room = cap - prompt overhead - safety margin (10%,
//     120..3200, as the original). The merge budget is the merge room less
//     the reserve of MergeWords(room). The first round's chunk budget is
//     FirstChunk's: the largest that lets the partials meet in one merge
//     group, each partial reserving its share of the merge budget
//     (Plan.ChunkWords: within 120..420 words, the original's bounds), the
//     chunk taking the rest of its room. So calls stay near the least any
//     flow keeping the same margin, prompt and least output can make
//     (DSF-28).
//   - A full call's overflow whose message states the window (StatedWindow)
//     re-plans the chunked run for that window when it is below the cap;
//     stated or not, the first chunk budget and the starting merge budget
//     are then at most half the input's estimate (the full call was one
//     chunk of all of it). Later rounds halve as the standard says.
//   - Prompt overhead: the estimate of each prompt with every number at nine
//     digits, an upper bound of every prompt sent.
//   - Entry: EntryAuto starts reactively (one full call) when the input fits
//     the full call's allowed input and proactively otherwise; the standard's
//     per-provider rule (remote reactive, Apple proactive) is EntryReactive
//     and EntryProactive.
//   - Paragraphs: split at blank lines, a line of only white space counting
//     as blank (the code splits on "\n\n" only). Separators are priced with
//     the estimator (1 token for "\n\n", 3 for "\n\n---\n\n", 1 for a space,
//     as the code's fixed figures). Words too long are cut into the longest
//     runs of whole characters that fit (the code cuts at a character count).
//   - Merge input is the group joined by "\n\n---\n\n", exactly the text the
//     budget priced (the code priced that separator but sent "[i] " lists).
//   - Halving: halve(b) = max(floor, b/2). A merge overflow halves the merge
//     budget and restarts the passes from the chunk partials; at the floor
//     the chunk budget halves, the starting merge budget halves with it (the
//     code's merge budget follows the chunk budget), and the run restarts
//     from the input. Merge word targets follow the current merge budget
//     (the code kept the first one); chunk word targets follow the round's
//     chunk count and starting merge budget (Plan.ChunkWords).
//   - Guards: a pass whose groups are not fewer than its partials (all of
//     one member, the standard's guard, or partials over the merge budget
//     cut into more pieces than grouping saves) returns the partials joined
//     by "\n\n". A pass that reduces neither
//     the total estimate nor, at equal total, the number of partials also
//     ends with its outputs joined: the loop ends whatever the model returns.
//   - Parallel calls: at most WorkLimit (default 4) in flight; outputs in
//     input order; after a failure no new call starts, calls in flight finish
//     and the lowest-indexed failure is returned.
//   - Classification: rate-limit and quota signals first (the code checked
//     overflow phrases first), HTTP 429 always a rate limit, "tpm"/"rpm"
//     whole words only, no catch-all token/limit heuristic (the code had one).
//   - Capture: 2 attempts in all, 500 ms apart (the code's delay;
//     injectable), retrying every provider failure, overflow included, but
//     not the early rejection, invalid input, or an ended context.
//   - Empty input (white space only) gives "" without a call.
package densify
