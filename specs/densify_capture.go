package specs

import (
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// captureRetry: with capture, (a) every call fails with a 500: two
// attempts, failed, with a message; the provider's record splits into two
// attempts; (b) only the very first call fails: two attempts, ready; (c)
// without capture, one failure is final after one attempt; (d) the first
// two calls fail: two attempts, failed, though a third would have succeeded
// ("up to 2 attempts total" at c-1, c and c+1 with (b) and (a)). A case
// whose entry went wrong is not judged; a failed answer where the last
// attempt's full call overflowed and its chunked run had no failed call is
// DSF-04's judgement too (the run recovered).
func captureRetry(t *suite.T) {
	var p passOver
	transient := styleError(sim.Anthropic, invariant.KindTransient)
	input := prose(200)
	for _, c := range []struct {
		name     string
		capture  bool
		inject   func(call.Seen) *call.Injection
		attempts int
		status   string
	}{
		{"every call fails", true, func(call.Seen) *call.Injection { return &call.Injection{Err: transient, Kind: invariant.KindTransient} }, 2, adapters.StatusFailed},
		{"first call fails", true, func(s call.Seen) *call.Injection {
			if s.N == 1 {
				return &call.Injection{Err: transient, Kind: invariant.KindTransient}
			}
			return nil
		}, 2, adapters.StatusReady},
		// 2 attempts exactly: a third attempt would have succeeded.
		{"first two calls fail", true, func(s call.Seen) *call.Injection {
			if s.N <= 2 {
				return &call.Injection{Err: transient, Kind: invariant.KindTransient}
			}
			return nil
		}, 2, adapters.StatusFailed},
		{"no capture", false, func(call.Seen) *call.Injection { return &call.Injection{Err: transient, Kind: invariant.KindTransient} }, 1, adapters.StatusFailed},
	} {
		m := newModel(t, sim.Config{Cap: invariant.AppleCap})
		m.Inject = c.inject
		req := adapters.DensifyRequest{Input: input, Cap: invariant.AppleCap, Entry: adapters.EntryReactive, Capture: c.capture, WorkLimit: 1}
		d := call.MustDensify(t, req, m)
		if !p.entered(t, c.name, d) {
			continue
		}
		mark := t.Failures()
		if d.Ans.Attempts != c.attempts || d.Ans.Status != c.status {
			t.Errorf("%s: %d attempts, status %s; want %d, %s", c.name, d.Ans.Attempts, d.Ans.Status, c.attempts, c.status)
		}
		if c.status == adapters.StatusFailed && strings.TrimSpace(d.Ans.Message) == "" {
			t.Errorf("%s: failed without a message", c.name)
		}
		attempts := map[int]bool{}
		for _, s := range d.Steps {
			attempts[s.Attempt] = true
		}
		if len(attempts) != c.attempts {
			t.Errorf("%s: the provider saw calls from %d attempts, want %d", c.name, len(attempts), c.attempts)
		}
		impliedByNonOverflow(t, mark, d)
		impliedByStages(t, mark, d, "DSF-04")
	}
	p.done(t)
}

// captureOnlyProvider: the reference retries provider failures only; the
// early rejection (300 sentences, some 20,000 bytes, over a maximum of 1,000
// tokens by any estimate) and invalid UTF-8 are answered after one attempt.
func captureOnlyProvider(t *suite.T) {
	for _, c := range []struct {
		name string
		req  adapters.DensifyRequest
	}{
		{"input too long", adapters.DensifyRequest{Input: prose(300), MaxInput: 1000}},
		{"invalid UTF-8", adapters.DensifyRequest{Input: "ok \xff\xfe bad"}},
	} {
		c.req.Capture, c.req.Cap, c.req.Entry = true, invariant.AppleCap, adapters.EntryReactive
		d := call.MustDensify(t, c.req, newModel(t, sim.Config{Cap: invariant.AppleCap}))
		if d.Ans.Attempts != 1 || d.Ans.Status != adapters.StatusFailed {
			t.Errorf("%s: %d attempts, status %s; want 1 attempt, failed", c.name, d.Ans.Attempts, d.Ans.Status)
		}
	}
}

// messageCarriesProvider: a full call failing with an authentication error
// whose message is distinctive: the failure message contains it. Not
// judged when the full call was not made (the entry is DSF-03's); a ready
// answer after the failed call is DSF-12's judgement too.
func messageCarriesProvider(t *suite.T) {
	msg := "Incorrect API key provided: sk-zz9***plural. You can find your API key at the dashboard."
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Inject = failAt("full", 0, &densify.ProviderError{Provider: "openai", Status: 401, Code: "invalid_api_key", Message: msg}, invariant.KindOther)
	req := adapters.DensifyRequest{Input: prose(50), Cap: invariant.AppleCap, Entry: adapters.EntryReactive, Capture: true}
	d := call.MustDensify(t, req, m)
	if !entered(t, "authentication error", d) {
		return
	}
	mark := t.Failures()
	if !strings.Contains(d.Ans.Message, "sk-zz9***plural") {
		t.Errorf("failure message %q does not carry the provider's message %q", d.Ans.Message, msg)
	}
	impliedByNonOverflow(t, mark, d)
	impliedByStages(t, mark, d, "DSF-12")
}
