package bench

import (
	"fmt"
	"strings"
	"sync"

	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Seed is the fixtures.Generate seed of every generated workload, so two
// runs of the catalogue measure the same inputs.
const Seed = 1

// TargetSpec is the std085 performance-target workload: 1,000 hits over 100
// compounds of about 16 KB each. The target benchmarks run it with a budget
// of TargetBudget bytes and with the static fallback.
var TargetSpec = fixtures.GenSpec{Compounds: 100, Hits: 1000, BodyBytes: 16000}

// TargetBudget is the budget of the target workload: the top of the 1K–128K
// range the benchmarks sweep.
const TargetBudget = 128000

// maxBody is the largest body fixtures.Generate writes.
const maxBody = 1 << 20

// inputs caches generated workloads: the large ones take a while to build
// and every run of a benchmark must see the same bytes.
type inputs struct {
	mu   sync.Mutex
	reqs map[string]inflate.Request
}

func (c *inputs) get(key string, build func() inflate.Request) inflate.Request {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := c.reqs[key]; ok {
		return r
	}
	if c.reqs == nil {
		c.reqs = map[string]inflate.Request{}
	}
	r := build()
	c.reqs[key] = r
	return r
}

// request is fixtures.Generate(Seed, spec), cached.
func (c *inputs) request(spec fixtures.GenSpec) inflate.Request {
	return c.get(fmt.Sprintf("%+v", spec), func() inflate.Request { return fixtures.Generate(Seed, spec) })
}

// bigRequest is one compound of docBytes bytes (more than fixtures.Generate
// writes in one body: generated bodies of up to 1 MiB are concatenated) with
// hits hits placed by fixtures.Generate, and no budget.
func (c *inputs) bigRequest(docBytes, hits int) inflate.Request {
	return c.get(fmt.Sprintf("big/%d/%d", docBytes, hits), func() inflate.Request {
		parts := (docBytes + maxBody - 1) / maxBody
		g := fixtures.Generate(Seed, fixtures.GenSpec{Compounds: parts, BodyBytes: docBytes / parts, Hits: hits})
		var body strings.Builder
		base := map[string]int{}
		for _, d := range g.Documents {
			base[d.ID] = body.Len()
			body.WriteString(d.Body)
		}
		req := inflate.Request{Documents: []inflate.Document{{ID: "c0", Body: body.String(), Kind: inflate.KindProse}}}
		for _, h := range g.Hits {
			off := base[h.CompoundID]
			h.CompoundID, h.Start, h.End = "c0", h.Start+off, h.End+off
			req.Hits = append(req.Hits, h)
		}
		return req
	})
}

// withBudget returns req with budget b (b <= 0: none).
func withBudget(req inflate.Request, b int) inflate.Request {
	if b > 0 {
		req.Budget = &b
	} else {
		req.Budget = nil
	}
	return req
}

// budgetName is a budget as written in benchmark names.
func budgetName(b int) any {
	if b <= 0 {
		return "none"
	}
	return b
}

// TargetNames are the benchmarks of the target workload: with the budget
// and with the static fallback.
func TargetNames() []string {
	n := func(b int) string {
		return name("Inflate", "hits", TargetSpec.Hits, "docs", TargetSpec.Compounds, "doc-bytes", TargetSpec.BodyBytes, "budget", budgetName(b))
	}
	return []string{n(TargetBudget), n(0)}
}
