package specs

import (
	"fmt"
	"regexp"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// rateLimitNotOverflow: the rate-limit error of each provider the text
// covers (OpenAI's TPM message, Anthropic's "reduce the prompt length",
// Gemini's RESOURCE_EXHAUSTED, Apple's rateLimited) at the full call, the
// second chunk call and the first merge call. None may lead to chunking,
// halving or a merge-local retry: the attempt ends there, failed. A case
// whose entry went wrong is not judged; a ready answer after the failed
// last call is DSF-12's judgement too.
func rateLimitNotOverflow(t *suite.T) {
	var p passOver
	for _, st := range []sim.Style{sim.OpenAI, sim.Anthropic, sim.Gemini, sim.Apple} {
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
			name := fmt.Sprintf("%s rate limit at %s call %d", st, c.stage, c.index)
			if !p.entered(t, name, d) {
				continue
			}
			mark := t.Failures()
			judge(t, name, d, failedProvider, nonOverflow, restarts)
			impliedByNonOverflow(t, mark, d)
			impliedByStages(t, mark, d, "DSF-12")
		}
	}
	p.done(t)
}

// errorRow is a row of fixtures/densify/errors.json.
type errorRow = fixtures.ProviderError

// loadErrorRows reads the fixture table embedded in package fixtures.
func loadErrorRows() ([]errorRow, error) { return fixtures.ProviderErrors() }

// The phrases "Context-window error detection" lists: overflow phrases
// ("It checks known phrases such as: ...") and rate-limit signals ("It also
// avoids misclassifying common rate-limit signals (`tokens per minute`,
// `rpm`, `quota`, etc.)"). "such as" and "etc." make the lists examples: a
// classifier must know these, and may know more.
var (
	listedOverflow = []*regexp.Regexp{
		regexp.MustCompile(`(?i)context window`),
		regexp.MustCompile(`(?i)context_length_exceeded`),
		regexp.MustCompile(`(?i)maximum context length`),
		regexp.MustCompile(`(?i)prompt is too long`),
		regexp.MustCompile(`(?i)input token count.*exceeds.*maximum`),
	}
	listedRateLimit = []*regexp.Regexp{
		regexp.MustCompile(`(?i)tokens per minute`),
		regexp.MustCompile(`(?i)\brpm\b`),
		regexp.MustCompile(`(?i)quota`),
	}
)

func anyMatch(res []*regexp.Regexp, s string) bool {
	for _, re := range res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// decided reports whether every reading of the phrase list classifies row
// alike: an overflow holding a listed phrase and no listed rate-limit
// signal, or a rate limit or other failure holding no listed overflow
// phrase. The rest (an overflow in a wording the list does not give, a
// rate limit that names the context window) only the list's "such as"
// decides.
func decided(row errorRow) bool {
	text := row.Message
	if row.Class == invariant.KindOverflow {
		return anyMatch(listedOverflow, text) && !anyMatch(listedRateLimit, text)
	}
	return !anyMatch(listedOverflow, text)
}

// classifierFixtures (DSF-11): the rows every reading decides.
func classifierFixtures(t *suite.T) { classifyRows(t, true) }

// classifierSuggested (DSF-30): the other rows, as the reference classifies
// them.
func classifierSuggested(t *suite.T) { classifyRows(t, false) }

// classifyRows: for every row that decided(row) selects (or, with
// listed false, does not), reactive entry on a 4096 window with the full
// call failing with the row's error, work limit 1. An overflow row must be
// followed by chunk calls; a rate-limit or other row by none. Capture is
// off, so the flow makes one attempt (a second is DSF-19's: the answer
// does not follow the request, and MustDensify ends the check). Other
// calls after a non-overflow, without chunking, are not classification:
// "returned immediately" is DSF-05's and DSF-10's. A row whose full call
// was not made is not judged (the entry is DSF-03's); on the rows every
// reading decides (DSF-11's), a flow that does not chunk after the full
// call's overflow fails DSF-04's judgement too, and when no overflow row
// of the check was followed by chunking (the flow never falls back) the
// failure is recorded as following from it. When one was, the fallback
// works, the rows differ only in their messages, and the failure is the
// classification's: DSF-11's own (DSF-04's check links the other way).
func classifyRows(t *suite.T, listed bool) {
	all, err := loadErrorRows()
	if err != nil {
		t.Fatalf("fixture table: %v", err)
	}
	var rows []int // indices into all
	for i, row := range all {
		if decided(row) == listed {
			rows = append(rows, i)
		}
	}
	input := prose(300)
	wrong := 0
	var p passOver
	runs := make([]call.Densified, len(rows))
	judged := make([]bool, len(rows))
	falls := false // some overflow row was followed by chunk calls
	for k, i := range rows {
		row := all[i]
		pe := &densify.ProviderError{Provider: row.Provider, Status: row.Status, Type: row.Type, Code: row.Code, Message: row.Message}
		m := newModel(t, sim.Config{Cap: invariant.AppleCap})
		m.Inject = failAt("full", 1, pe, row.Class)
		req := adapters.DensifyRequest{Input: input, Cap: invariant.AppleCap, Entry: adapters.EntryReactive, WorkLimit: 1}
		runs[k] = call.MustDensify(t, req, m)
		judged[k] = p.entered(t, fmt.Sprintf("row %d", i+1), runs[k])
		falls = falls || judged[k] && row.Class == invariant.KindOverflow && chunks(runs[k])
	}
	for k, i := range rows {
		if !judged[k] {
			continue
		}
		row, d := all[i], runs[k]
		mark := t.Failures()
		chunked := chunks(d)
		switch overflow := row.Class == invariant.KindOverflow; {
		case overflow && !chunked:
			wrong++
			t.Errorf("row %d (%s, HTTP %d, class %s) %q: the flow returned the error (%d calls, none a chunk call)",
				i+1, row.Provider, row.Status, row.Class, clip.Text(row.Message, 80), len(d.Calls))
		case !overflow && chunked:
			wrong++
			t.Errorf("row %d (%s, HTTP %d, class %s) %q: %d calls, chunk calls among them, want none: it was handled as an overflow",
				i+1, row.Provider, row.Status, row.Class, clip.Text(row.Message, 80), len(d.Calls))
		}
		impliedByNonOverflow(t, mark, d)
		if listed && !falls {
			// Rows every reading classifies alike: an overflow row is one
			// DSF-04's sentence must follow with chunking. The others are
			// overflows only the reference's reading takes for one. When
			// another overflow row was followed by chunking, the fallback
			// works and the failure is the classification's own.
			impliedByStages(t, mark, d, "DSF-04")
		}
	}
	p.done(t)
	t.Notef("classification through behaviour: %d of %d fixture messages handled as their class says", len(rows)-wrong, len(rows))
}

// chunks reports whether any of d's calls is a chunk call.
func chunks(d call.Densified) bool {
	for _, c := range d.Calls {
		if c.Stage == "chunk" {
			return true
		}
	}
	return false
}
