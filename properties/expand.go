package properties

import (
	"fmt"
	"math/rand"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/suite"
)

func expandRequirements() []suite.Requirement {
	std := adapters.Expand
	p := suite.Property.Of(std)
	return []suite.Requirement{
		p("EXP-14", "ADR-023 Decision (table), Implementation Details", suite.Must,
			"On graphs without self-loops or repeated edges, the multiplier is the ADR's: 1.5 below density 0.01, 2.0 below 0.10, 3.0 from 0.10, and at most 1.5 below two nodes.",
			expTableProperty),
		p("EXP-15", "ADR-023 Implementation Details", suite.Must,
			"A search uses the graph's multiplier (as the Multiplier operation gives it) and asks the semantic stage for ceil(limit·multiplier) candidates, receiving no more.",
			expansion("asked", func(t *suite.T, req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
				m, err := call.Multiplier(t, req.Graph())
				if err != nil {
					return fmt.Errorf("the Multiplier operation rejects the graph Expand accepted: %v", err)
				}
				if ans.Multiplier != m {
					return fmt.Errorf("search used ×%v, the Multiplier operation gives ×%v for the same graph", ans.Multiplier, m)
				}
				return invariant.ExpandAsked(req, ans)
			})),
		p("EXP-16", "ADR-023 Decision (search_limit); ADR-022 re-rank", suite.Must,
			"Never more than limit results, each a distinct candidate; the candidates are distinct tools of the catalogue.",
			expansion("within-limit", func(_ *suite.T, req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
				if err := invariant.ExpandWithinLimit(req, ans); err != nil {
					return err
				}
				return invariant.ExpandFromCandidates(req, ans)
			})),
		p("EXP-17", "ADR-022 re-rank (as ADR-023 uses it)", suite.Should,
			"The re-rank is a permutation of the candidates cut at limit: exactly min(limit, candidates) results.",
			expansion("permutation", func(_ *suite.T, req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
				return invariant.ExpandPermutation(req, ans)
			})),
		p("EXP-18", "ADR-023 Consequences (predictability)", suite.Must,
			"Results are deterministic: the same graph and query give the same answer.",
			expansion("deterministic", func(t *suite.T, req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
				return invariant.SameExpansion(ans, call.MustExpand(t, req))
			})),
		p("EXP-19", "ADR-023 Consequences (predictability)", suite.Should,
			"The answer does not depend on the order of the tools, nodes or edges in the request.",
			expansion("order-independent", func(t *suite.T, req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
				return invariant.SameExpansion(ans, call.MustExpand(t, expShuffled(req, t.Seed()+int64(len(req.Edges)))))
			})),
		p("EXP-20", "ADR-023 (reference)", suite.Reference,
			"The multiplier, the candidates asked for and returned, and the results equal the reference's, on graphs with self-loops and repeated edges too.",
			expansion("equals-reference", func(t *suite.T, req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
				ref := reference.New()
				want, err := ref.Expand(t.Context(), req)
				if err != nil {
					return fmt.Errorf("reference rejects the request: %v", err)
				}
				if err := invariant.SameExpansion(want, ans); err != nil {
					return err
				}
				wm, err := ref.Multiplier(t.Context(), req.Graph())
				if err != nil {
					return fmt.Errorf("reference rejects the graph: %v", err)
				}
				if m := call.MustMultiplier(t, req.Graph()); m != wm {
					return fmt.Errorf("the Multiplier operation gives ×%v, the reference ×%v", m, wm)
				}
				return nil
			})),
	}
}

// expTableProperty: the Multiplier operation on generated simple graphs,
// against invariant.TableMultiplier (the ADR's code on integers).
func expTableProperty(t *suite.T) {
	suite.ForAll(t, "table", edgesUsageRecipe(), genUsageRecipe(false), func(r usageRecipe) string {
		g := r.Graph()
		m, err := call.Multiplier(t, g)
		if err != nil {
			return rejectedAs(t, "graph", err)
		}
		n, e := invariant.GraphCounts(g)
		if n < 2 {
			if !(m >= 1 && m <= 1.5) {
				return fmt.Sprintf("×%v for %d nodes, want at most 1.5 (and at least 1)", m, n)
			}
			return ""
		}
		if want := invariant.TableMultiplier(n, e); m != want {
			return fmt.Sprintf("×%v for %d edges on %d nodes (100e=%d, 10e=%d, n(n-1)=%d), want ×%v", m, e, n, 100*e, 10*e, n*(n-1), want)
		}
		return ""
	})
}

// expansion turns a judgement of one search into a property check over
// generated searches (graphs with self-loops and repeated edges included):
// the implementation must answer, and judge must find nothing wrong.
func expansion(name string, judge func(t *suite.T, req adapters.ExpandRequest, ans adapters.ExpandAnswer) error) func(*suite.T) {
	return answeredAs[expandRecipe]("search", name, edgesExpandRecipe(), genExpandRecipe(true), call.Expand, judge)
}

// expShuffled returns req with its tools, nodes and edges in another order.
func expShuffled(req adapters.ExpandRequest, seed int64) adapters.ExpandRequest {
	rng := rand.New(rand.NewSource(seed))
	req.Tools = shuffle(rng, req.Tools)
	req.Nodes = shuffle(rng, req.Nodes)
	req.Edges = shuffle(rng, req.Edges)
	return req
}
