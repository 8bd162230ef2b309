package specs

import (
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestShape: DSF-18's and DSF-28's figures count every round of every
// attempt, and as merge-local retries the merge attempts of a round after
// its first; a round without a merge (one chunk) has none.
func TestShape(t *testing.T) {
	merges := func(n int) adapters.DensifyRound {
		return adapters.DensifyRound{ChunkCalls: 2, Merges: make([]adapters.DensifyMerge, n)}
	}
	ans := adapters.DensifyAnswer{Attempts: 3, Runs: []adapters.DensifyRun{
		{Entry: adapters.EntryReactive, Rounds: []adapters.DensifyRound{merges(0), merges(1), merges(3)}},
		{Entry: adapters.EntryProactive},
		{Entry: adapters.EntryProactive, Rounds: []adapters.DensifyRound{merges(2)}},
	}}
	// Rounds: 3 + 0 + 1. Retries: 0 + 0 + 2, then 1.
	if rounds, retries := shape(ans); rounds != 4 || retries != 3 {
		t.Errorf("shape = %d rounds, %d merge-local retries; want 4, 3", rounds, retries)
	}
}
