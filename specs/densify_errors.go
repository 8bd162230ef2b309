package specs

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// rateLimitNotOverflow: each style's rate-limit error (OpenAI's TPM message,
// Anthropic's "reduce the prompt length", Gemini's RESOURCE_EXHAUSTED, a
// plain 429, Apple's rateLimited) at the full call, the second chunk call and
// the first merge call. None may lead to chunking, halving or a merge-local
// retry: the attempt ends there, failed.
func rateLimitNotOverflow(t *suite.T) {
	for _, st := range []sim.Style{sim.OpenAI, sim.Anthropic, sim.Gemini, sim.LlamaCpp, sim.Apple} {
		rl := styleError(st, invariant.KindRateLimit)
		for _, c := range []struct {
			stage string
			index int
			entry string
		}{{"full", 1, adapters.EntryReactive}, {"chunk", 2, adapters.EntryProactive}, {"merge", 1, adapters.EntryProactive}} {
			m := newModel(t, sim.Config{Cap: invariant.AppleCap, Style: st})
			m.Inject = failAt(c.stage, c.index, rl, invariant.KindRateLimit)
			req := adapters.DensifyRequest{Input: prose(600), Cap: invariant.AppleCap, Entry: c.entry, WorkLimit: 1}
			d := call.MustDensify(t, req, m)
			judge(t, fmt.Sprintf("%s rate limit at %s call %d", st, c.stage, c.index), d, failedProvider, nonOverflow, restarts)
		}
	}
}

// errorRow is a row of fixtures/densify/errors.json.
type errorRow = fixtures.ProviderError

// loadErrorRows reads the fixture table embedded in package fixtures.
func loadErrorRows() ([]errorRow, error) { return fixtures.ProviderErrors() }

// classifierFixtures: for every row, reactive entry on a 4096 window with
// the full call failing with the row's error, work limit 1. An overflow row
// must be followed by chunk calls and a ready answer; a rate-limit or other
// row by no further call and a failed answer.
func classifierFixtures(t *suite.T) {
	rows, err := loadErrorRows()
	if err != nil {
		t.Fatalf("fixture table: %v", err)
	}
	input := prose(300)
	wrong := 0
	for i, row := range rows {
		pe := &densify.ProviderError{Provider: row.Provider, Status: row.Status, Type: row.Type, Code: row.Code, Message: row.Message}
		m := newModel(t, sim.Config{Cap: invariant.AppleCap})
		m.Inject = failAt("full", 1, pe, row.Class)
		req := adapters.DensifyRequest{Input: input, Cap: invariant.AppleCap, Entry: adapters.EntryReactive, WorkLimit: 1}
		d := call.MustDensify(t, req, m)
		chunked := len(d.Calls) > 1
		if want := row.Class == invariant.KindOverflow; chunked != want {
			wrong++
			how := "returned the error"
			if chunked {
				how = "switched to chunking"
			}
			t.Errorf("row %d (%s, HTTP %d, class %s) %q: the flow %s", i+1, row.Provider, row.Status, row.Class, clip.Text(row.Message, 80), how)
		}
	}
	t.Notef("classification through behaviour: %d of %d fixture messages handled as their class says", len(rows)-wrong, len(rows))
}
