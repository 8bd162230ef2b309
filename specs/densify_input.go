package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/suite"
)

// badDensifyInput: requests refused before any call.
func badDensifyInput(t *suite.T) {
	type c = refusal[adapters.DensifyRequest]
	for _, c := range []c{
		{"invalid UTF-8", adapters.DensifyRequest{Input: "ok ab bad", Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: "ok \xff\xfe bad", Cap: invariant.AppleCap}},
		{"negative cap", adapters.DensifyRequest{Input: prose(20), Cap: 4096}, adapters.DensifyRequest{Input: prose(20), Cap: -4096}},
		{"negative max input", adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap, MaxInput: -1}},
		{"unknown entry", adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap, Entry: "sideways"}},
	} {
		// The valid twin first: refusing it shows the faulty request's
		// refusal means nothing; not answering it is an error.
		if _, err := call.Densify(t, c.twin, newModel(t, sim.Config{Cap: invariant.AppleCap})); err != nil {
			switch {
			case inexpressible(err):
				t.Notef("case %q skipped: its valid twin cannot reach this implementation: %v", c.name, err)
			case nonAnswer(err):
				t.OperationFailed(c.name+": valid twin", err)
			default:
				t.Errorf("%s: the valid twin was refused (%v)", c.name, err)
			}
			continue
		}
		m := newModel(t, sim.Config{Cap: invariant.AppleCap})
		ans, err := call.Densify(t, c.bad, m)
		switch {
		case err != nil && inexpressible(err):
			t.Notef("case %q skipped: the faulty request cannot reach this implementation: %v", c.name, err)
			continue
		case err != nil && nonAnswer(err):
			t.OperationFailed(c.name+": faulty request", err) // a non-answer is never a refusal
		case err != nil:
			continue // refused as an error: acceptable
		}
		if ans.Status != adapters.StatusFailed {
			t.Errorf("%s: status %s, want failed", c.name, ans.Status)
		}
		if n := len(m.Calls()); n > 0 {
			t.Errorf("%s: %d provider calls, want none", c.name, n)
		}
	}
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
