package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// badDensifyInput: requests refused before any call.
func badDensifyInput(t *suite.T) {
	type c = refusal[adapters.DensifyRequest]
	cases := []c{
		{"invalid UTF-8", adapters.DensifyRequest{Input: "ok ab bad", Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: "ok \xff\xfe bad", Cap: invariant.AppleCap}},
		{"negative cap", adapters.DensifyRequest{Input: prose(20), Cap: 4096}, adapters.DensifyRequest{Input: prose(20), Cap: -4096}},
		{"negative max input", adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap, MaxInput: -1}},
		{"unknown entry", adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap, Entry: "sideways"}},
	}
	var m *call.Model // the provider of the last request sent
	densify := func(t *suite.T, req adapters.DensifyRequest) (adapters.DensifyAnswer, error) {
		m = newModel(t, sim.Config{Cap: invariant.AppleCap})
		return call.Densify(t, req, m)
	}
	refusesOr(t, densify, cases, func(name string, ans adapters.DensifyAnswer) {
		if ans.Status != adapters.StatusFailed {
			t.Errorf("%s: status %s, want failed", name, ans.Status)
		}
		if n := len(m.Calls()); n > 0 {
			t.Errorf("%s: %d provider calls, want none", name, n)
		}
	})
}

// blankInput: white space only gives "" and no call.
func blankInput(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	d := call.MustDensify(t, adapters.DensifyRequest{Input: " \n\n\t  \r\n", Cap: invariant.AppleCap, Entry: adapters.EntryReactive}, m)
	judge(t, "blank", d, ready, calls(0))
	if d.Ans.Output != "" {
		t.Errorf("output %q, want empty", d.Ans.Output)
	}
}
