package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// The densification checks play the language model: each builds a simulated
// provider (llm/sim, through call.Model, which injects failures by rule and
// records every call), sends one request, and judges the implementation by
// the calls it made and its answer. Sizes are counted by the simulator's
// tokenizer, the standard's original estimate (one token per CJK character,
// ceil(n/3) for the n other characters): the prose below is ASCII, so a text
// of n bytes is ceil(n/3) tokens.
//
// Decisions (specs/REQUIREMENTS.md has them in full): failures are
// answers with status failed, not errors; the answer reports the shape of its
// calls and the harness checks it against the record; "within the cap" is
// judged on the original estimator's count; halving is b/2 either way,
// clamped to 320; "exactly once per attempt" is per round, white space
// removed; non-termination is a call budget exceeded; the safety-margin
// drift and the cost factors are SHOULD.
//
// The checks are grouped by concern: the simulated model and the judgements
// shared by all (densify_model.go), the entry paths (densify_flow.go),
// overflow handling by halving and merge retries (densify_overflow.go), the
// classification of provider errors (densify_errors.go), capture's retry
// (densify_capture.go), bad input (densify_input.go) and the cost against
// the simulator's bound (densify_cost.go).
func densifyRequirements() []suite.Requirement {
	std := adapters.Densify
	return []suite.Requirement{
		spec(std, "DSF-01", "High-level flow 2", suite.Must,
			"An input whose estimate exceeds the maximum input is rejected early, as input too long, without any provider call (and without a capture retry).", earlyRejection),
		spec(std, "DSF-02", "High-level flow 2 (reference)", suite.Reference,
			"The default maximum input is 100,000 estimated tokens (the text's figure; the original code used 64,000).", defaultMaxInput),
		spec(std, "DSF-03", "Remote providers", suite.Must,
			"Reactive entry makes one full-input call first; when it succeeds, it is the only call and its output is the result.", reactiveFirst),
		spec(std, "DSF-04", "Remote providers; Context-window error detection", suite.Must,
			"When the full call overflows the context window, the flow switches to chunking and recovers.", reactiveOverflow),
		spec(std, "DSF-05", "Remote providers; Retry strategy", suite.Must,
			"A failure that is not a context-window overflow is returned at once, at every stage: no chunking, no halving, no merge-local retry follows it.", nonOverflowReturned),
		spec(std, "DSF-06", "Apple Foundation Models", suite.Must,
			"Proactive entry at the 4096 cap starts by chunking (no full call) and keeps every call within 4096 tokens.", proactiveApple),
		spec(std, "DSF-07", "Retry strategy; What happens when merge pass overflows?", suite.Must,
			"A merge overflow first halves the merge budget and retries the merge on the same partials; chunks are not re-sent while the merge budget is above 320.", mergeLocalRetry),
		spec(std, "DSF-08", "Retry strategy", suite.Must,
			"When merging still overflows at the minimum merge budget, the chunk budget is halved and the run restarts from the input; at the minimum chunk budget the error surfaces.", mergeFallback),
		spec(std, "DSF-09", "Budget values; Retry strategy", suite.Must,
			"Budgets are halved on overflow and never below 320: chunk overflows step the chunk budget down to 320, then the error surfaces.", halvingFloor),
		spec(std, "DSF-10", "Context-window error detection", suite.Must,
			"A rate-limit error never triggers chunking or halving, at the full call, a chunk call or a merge call, in every provider's wording.", rateLimitNotOverflow),
		spec(std, "DSF-11", "Context-window error detection", suite.Must,
			"Classification on fixtures/densify/errors.json: the full call failing with each real message switches to chunking exactly when the message is a context-window overflow.", classifierFixtures),
		spec(std, "DSF-12", "Capture-level retry and final failure", suite.Must,
			"Capture retries a failed densification once (2 attempts in all); when both fail the answer is failed with the failure message.", captureRetry),
		spec(std, "DSF-13", "Capture-level retry (reference)", suite.Reference,
			"Capture retries provider failures only: not the early rejection and not invalid input.", captureOnlyProvider),
		spec(std, "DSF-14", "Capture-level retry and final failure", suite.Should,
			"The stored failure message carries the provider's own message.", messageCarriesProvider),
		spec(std, "DSF-15", "bad input", suite.Must,
			"Invalid input (invalid UTF-8, a negative cap or maximum input, an unknown entry) is refused without any provider call.", badDensifyInput),
		spec(std, "DSF-16", "High-level flow (reference)", suite.Reference,
			"Input of only white space densifies to the empty text without a provider call.", blankInput),
		spec(std, "DSF-17", "Non-reducing merge guard", suite.Must,
			"The merge loop ends even with a model that never shortens its input: passes whose groups cannot reduce the parts are not run.", terminatesWithEcho),
		spec(std, "DSF-18", "Current trade-off (cost)", suite.Should,
			"When the plan's cap is the model's window, densification stays within 4x the simulator's lower bound in calls and 2x in tokens sent (figures for every run are reported against the bound, the largest call against the cap).", costWithinFactor),
		spec(std, "DSF-28", "Current trade-off (reference: derived budgets)", suite.Reference,
			"Chunk and merge budgets derived from the window keep calls within 1.25x of the planned bound (every call keeping the safety margin, its prompt and its least output) when no call fails, and within 2x of the simulator's bound when a declared 100,000 cap proves too large for an 8192 window and the overflow states it; no accepted call exceeds the window.", derivedCost),
	}
}
