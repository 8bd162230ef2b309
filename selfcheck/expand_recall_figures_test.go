package selfcheck_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// pastLimit answers as the reference, but on a graph of catalogue tools
// only (EXP-13's dynamic arm) it returns one result fewer than the limit,
// and on a padded graph (the static 2× arm, whose padding nodes are no
// catalogue tools) it adds, just past the limit, the first hidden gem of
// the query's case that its results miss. Neither answer is right
// (EXP-10, EXP-17); they are here to show that EXP-13's figures count only
// what lies within the limit, and cope with fewer results.
type pastLimit struct {
	*reference.Adapter
	gems map[string][]string // by query
}

func (pastLimit) Info() adapters.Info {
	i := reference.New().Info()
	i.Name = "past-limit"
	return i
}

func (p pastLimit) Expand(ctx context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	ans, err := p.Adapter.Expand(ctx, req)
	if err != nil || req.Limit == 0 {
		return ans, err
	}
	inCatalogue := make(map[string]bool, len(req.Tools))
	for _, x := range req.Tools {
		inCatalogue[x.ID] = true
	}
	padded := false
	for _, id := range req.Nodes {
		padded = padded || !inCatalogue[id]
	}
	if !padded {
		ans.IDs = ans.IDs[:min(len(ans.IDs), req.Limit-1)]
		return ans, nil
	}
	for _, g := range p.gems[req.Query] {
		if !slices.Contains(ans.IDs, g) {
			ans.IDs = append(ans.IDs[:min(len(ans.IDs), req.Limit):min(len(ans.IDs), req.Limit)], g)
			if !slices.Contains(ans.Candidates, g) {
				ans.Candidates = append(ans.Candidates, g)
			}
			break
		}
	}
	return ans, nil
}

// TestExpandRecallFigures: the figures EXP-13 prints are those of the
// answers it was given, worked out here from the same implementation's
// answers to the same searches: the count of hidden-gem cases, their limit
// and gems; per fixture graph its size and density, the multiplier of each
// arm, mean recall@limit, gems found within the limit, candidates asked,
// and the padding (none for the graph already growing).
func TestExpandRecallFigures(t *testing.T) {
	exp13 := requirement(t, "EXP-13")
	cat, err := tools.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	ts := convert.Tools(cat)
	var ids []string
	for _, x := range ts {
		ids = append(ids, x.ID)
	}
	graphs, err := tools.Graphs()
	if err != nil {
		t.Fatal(err)
	}
	all, err := tools.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var cases []tools.Case
	gems := map[string][]string{}
	nGems := 0
	for _, c := range all {
		if c.Kind == "gem" {
			cases = append(cases, c)
			gems[c.Query] = c.Gems
			nGems += len(c.Gems)
		}
	}
	limits := map[int]bool{}
	for _, c := range cases {
		limits[c.Limit] = true
	}
	if len(cases) == 0 || len(limits) != 1 {
		t.Fatalf("%d hidden-gem cases, %d different limits: this test expects some, all at one limit", len(cases), len(limits))
	}
	header := fmt.Sprintf("hidden gems: %d cases (limit %d), %d gems;", len(cases), cases[0].Limit, nGems)

	for _, a := range []adapters.Adapter{reference.New(), pastLimit{reference.New(), gems}} {
		t.Run(a.Info().Name, func(t *testing.T) {
			res := suite.RunOne(context.Background(), a, exp13, suite.Options{Seed: 1})
			if res.Outcome == suite.Errored || res.Outcome == suite.NotRun {
				t.Fatalf("EXP-13 %s: %s", res.Outcome, res.Message)
			}
			if len(res.Notes) == 0 || !strings.HasPrefix(res.Notes[0], header) {
				t.Errorf("first note %q, want it to begin %q", firstNote(res.Notes), header)
			}
			rows := map[string][]string{}
			for _, n := range res.Notes {
				if f := strings.Fields(n); len(f) > 12 {
					rows[f[0]] = f
				}
			}
			ex := a.(adapters.Expander)
			for _, g := range graphs {
				req := convert.GraphRequest(g)
				padded, pad, err := invariant.PadToGrowing(req, ids)
				if err != nil {
					t.Fatal(err)
				}
				var recall [2]float64
				var found, asked [2]int
				var mults [2][]float64
				for _, c := range cases {
					for arm, gr := range []adapters.GraphRequest{req, padded} {
						ans, err := ex.Expand(context.Background(), adapters.ExpandRequest{Tools: ts, Nodes: gr.Nodes, Edges: gr.Edges, Query: c.Query, Limit: c.Limit})
						if err != nil {
							t.Fatal(err)
						}
						recall[arm] += hybrid.Recall(ans.IDs, c.Relevant, c.Limit)
						within := ans.IDs[:min(len(ans.IDs), c.Limit)]
						for _, gem := range c.Gems {
							if slices.Contains(within, gem) {
								found[arm]++
							}
						}
						asked[arm] += ans.Asked
						if !slices.Contains(mults[arm], ans.Multiplier) {
							mults[arm] = append(mults[arm], ans.Multiplier)
						}
					}
				}
				if len(mults[0]) != 1 || len(mults[1]) != 1 {
					t.Fatalf("%s: multipliers %v and %v: this test expects one per arm", g.Name, mults[0], mults[1])
				}
				n, e := invariant.GraphCounts(req)
				padding := "none (already 2×)"
				if pad.Nodes+pad.Edges > 0 {
					padding = fmt.Sprintf("+%d nodes, +%d edges", pad.Nodes, pad.Edges)
				}
				want := []string{g.Name, fmt.Sprint(n), fmt.Sprint(e), fmt.Sprintf("%.4f", float64(e)/float64(n*(n-1))),
					fmt.Sprintf("%.1f", mults[0][0]), fmt.Sprintf("%.1f", mults[1][0]),
					fmt.Sprintf("%.3f", recall[0]/float64(len(cases))), fmt.Sprintf("%.3f", recall[1]/float64(len(cases))),
					fmt.Sprintf("%d/%d", found[0], nGems), fmt.Sprintf("%d/%d", found[1], nGems),
					fmt.Sprint(asked[0]), fmt.Sprint(asked[1]), padding}
				got := rows[g.Name]
				if len(got) > 12 {
					got = append(got[:12:12], strings.Join(got[12:], " "))
				}
				if !slices.Equal(got, want) {
					t.Errorf("row %s:\n got %q\nwant %q", g.Name, got, want)
				}
			}
		})
	}
}

func firstNote(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}
