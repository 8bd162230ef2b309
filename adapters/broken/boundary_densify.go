package broken

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// Off-by-one mutants of the densification text's numbers (tokens, as the
// implementation estimates them) and of the assembly gap limit (bytes).

// HalvesTo319 is the sequential flow with a floor of 319 tokens instead of
// the text's 320: the last halving before the floor lands on 319. Caught by
// DSF-09.
func HalvesTo319() adapters.Adapter {
	f := flow{floor: densify.DefaultFloor - 1, mergeRetry: true, guard: true}
	return &densifier{named("halves-to-319"), f.densify}
}

// RejectsAtMaxInput rejects an input whose estimate equals the default
// maximum of 100,000 tokens (`>=` where the text says "exceed"). Caught
// by DSF-02.
func RejectsAtMaxInput() adapters.Adapter {
	ref := named("rejects-at-max-input")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		if req.MaxInput == 0 {
			req.MaxInput = densify.DefaultMaxInput - 1
		}
		return ref.Densify(ctx, req, p)
	}}
}

// ThreeCaptureAttempts retries a failed densification twice (3 attempts in
// all) where the text says "up to 2 attempts total". Caught by DSF-12.
func ThreeCaptureAttempts() adapters.Adapter {
	return extraAttempt("three-capture-attempts", func(req adapters.DensifyRequest, ans adapters.DensifyAnswer) bool {
		return req.Capture && ans.Status == adapters.StatusFailed && ans.Failure == adapters.FailureProvider
	})
}

// AssembleGapAt500 fills gaps of exactly 500 bytes (`gap <= 500` where
// std085 says `< MERGE_THRESHOLD`). Caught by ASM-15.
func AssembleGapAt500() adapters.Adapter {
	return &assembler{named("assemble-gap-at-500"), func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
		if req.Options.GapLimit == 0 {
			req.Options.GapLimit = assemble.DefaultGapLimit + 1
		}
		res, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
		return adapters.AssembleAnswer{Results: res}, err
	}}
}
