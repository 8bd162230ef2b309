// Package convert turns the plain fields of the contract (package adapters:
// strings that travel as JSON) into the reference's types and back, and
// ADR-023's fixtures (fixtures/tools) into the contract's. The harness's
// checks, its benchmarks and the reference adapter need these conversions;
// a user of the contract does not, so they are internal rather than part
// of package adapters.
package convert

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// Locale reads the Locale field of a trigram or search answer.
func Locale(s string) (trgm.Locale, error) {
	switch s {
	case trgm.UTF8.String():
		return trgm.UTF8, nil
	case trgm.C.String():
		return trgm.C, nil
	}
	return 0, fmt.Errorf("unknown locale %q (want %q or %q)", s, trgm.UTF8, trgm.C)
}

// Entries converts search entries to the reference's type.
func Entries(es []adapters.SearchEntry) []fuzzy.Entry {
	out := make([]fuzzy.Entry, len(es))
	for i, e := range es {
		out[i] = fuzzy.Entry(e)
	}
	return out
}

// Graph builds the reference's graph of a request's nodes and edges
// (expand.FromEdges: its error names what is wrong with them).
func Graph(req adapters.GraphRequest) (*expand.Graph, error) {
	es := make([]expand.Edge, len(req.Edges))
	for i, e := range req.Edges {
		es[i] = expand.Edge{From: e.From, To: e.To}
	}
	return expand.FromEdges(req.Nodes, es)
}

// Tools is the fixture catalogue as the contract's tools: each entry's ID
// and description (its domain is the fixture's own).
func Tools(cat []tools.Tool) []hybrid.Tool {
	var ts []hybrid.Tool
	for _, x := range cat {
		ts = append(ts, hybrid.Tool{ID: x.ID, Description: x.Description})
	}
	return ts
}

// GraphRequest is a fixture usage graph as the contract's graph: its nodes,
// and its [from, to] pairs as edges.
func GraphRequest(g tools.Graph) adapters.GraphRequest {
	req := adapters.GraphRequest{Nodes: g.Nodes}
	for _, e := range g.Edges {
		req.Edges = append(req.Edges, adapters.Edge{From: e[0], To: e[1]})
	}
	return req
}

// Match converts a reference match to the contract's type.
func Match(m fuzzy.Match) adapters.SearchMatch {
	return adapters.SearchMatch{ID: m.ID, Label: m.Label, Tier: m.Tier.String(), Similarity: m.Similarity}
}

// Tier reads SearchMatch.Tier.
func Tier(s string) (fuzzy.Tier, error) {
	for _, t := range []fuzzy.Tier{fuzzy.Exact, fuzzy.Prefix, fuzzy.Trigram} {
		if t.String() == s {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown tier %q (want %q, %q or %q)", s, adapters.TierExact, adapters.TierPrefix, adapters.TierTrigram)
}

// ExpandAnswer is the contract's answer for a search result, reporting
// multiplier as the one used (a broken implementation may report another).
func ExpandAnswer(res hybrid.Result, multiplier float64) adapters.ExpandAnswer {
	ans := adapters.ExpandAnswer{IDs: res.IDs, Asked: res.Asked, Multiplier: multiplier}
	for _, c := range res.Candidates {
		ans.Candidates = append(ans.Candidates, c.ID)
	}
	return ans
}
