package hybrid

import (
	"fmt"
	"math"
	"sort"

	"github.com/ctxconform/ctxconform/reference/expand"
)

// Config tunes Search. The zero value is a purely semantic search with the
// dynamic multiplier; DefaultConfig is the reference setting.
type Config struct {
	// GraphWeight is w in Final = (1-w)·Semantic + w·Graph, in [0, 1]. It is
	// forced to 0 while the graph is Trivial or Cold, so a cold start keeps
	// the semantic order exactly.
	GraphWeight float64
	// MinScore drops candidates whose semantic score is below it, in [0, 1].
	// 0 keeps every candidate. (The original engine uses 0.5 with a model's
	// embeddings; on trigram vectors that would drop the very hidden gems the
	// expansion exists to find.)
	MinScore float64
	// Multiplier, when positive, replaces ADR-023's dynamic multiplier: 2
	// gives the static pre-ADR behaviour. It must then be >= 1.
	Multiplier float64
}

// DefaultConfig is the reference configuration: graph weight 0.5, no score
// floor, dynamic multiplier.
func DefaultConfig() Config { return Config{GraphWeight: 0.5} }

func (c Config) check() error {
	if !(c.GraphWeight >= 0 && c.GraphWeight <= 1) {
		return fmt.Errorf("graph weight %v outside [0, 1]", c.GraphWeight)
	}
	if !(c.MinScore >= 0 && c.MinScore <= 1) {
		return fmt.Errorf("min score %v outside [0, 1]", c.MinScore)
	}
	if c.Multiplier != 0 && !(c.Multiplier >= 1 && !math.IsInf(c.Multiplier, 0)) {
		return fmt.Errorf("multiplier %v is neither 0 (dynamic) nor a finite number >= 1", c.Multiplier)
	}
	return nil
}

// Result is what a search did, so a conformance check can verify it:
// Asked == expand.Candidates(limit, Multiplier), len(Candidates) <= Asked,
// and IDs is a permutation of a subset of the candidates' IDs with
// len(IDs) <= limit.
type Result struct {
	IDs        []string        // final ranking, best first, at most limit
	Asked      int             // candidates requested from the semantic stage: ceil(limit·Multiplier)
	Multiplier float64         // the multiplier used
	Maturity   expand.Maturity // the graph's maturity
	Reranked   bool            // whether graph scores entered the final score
	Candidates []Scored        // semantic stage's answer, in semantic order, with all scores
}

// Search is DefaultConfig().Search.
func Search(cat *Catalogue, g *expand.Graph, query string, limit int) (Result, error) {
	return DefaultConfig().Search(cat, g, query, limit)
}

// Search runs the hybrid search of ADR-022 with ADR-023's candidate
// expansion:
//
//  1. m = expand.Multiplier(g) (or c.Multiplier); Asked = ceil(limit·m).
//  2. Candidates = the top Asked tools by semantic score (Catalogue.Semantic).
//  3. If the graph is Trivial or Cold, or the graph weight is 0, the answer
//     is the first limit candidates in semantic order: a cold start keeps
//     the semantic order exactly.
//  4. Otherwise the seeds are the first min(limit, len(Candidates))
//     candidates, and each candidate gets a graph score (see graphScores);
//     Final = (1-w)·Semantic + w·Graph. Candidates are ordered by Final
//     descending, then Semantic descending, then ID, and the first limit
//     are the answer.
//
// A nil graph is an empty one. A nil catalogue, a negative limit, a query
// with no word, and a bad Config are errors.
func (c Config) Search(cat *Catalogue, g *expand.Graph, query string, limit int) (Result, error) {
	if err := c.check(); err != nil {
		return Result{}, fmt.Errorf("search %q: %w", query, err)
	}
	if cat == nil {
		return Result{}, fmt.Errorf("search %q: nil catalogue", query)
	}
	if limit < 0 {
		return Result{}, fmt.Errorf("search %q: negative limit %d", query, limit)
	}
	if g == nil {
		g = expand.NewGraph()
	}
	res := Result{Maturity: expand.MaturityOf(g), Multiplier: c.Multiplier}
	if res.Multiplier == 0 {
		res.Multiplier = res.Maturity.Multiplier()
	}
	asked, err := expand.Candidates(limit, res.Multiplier)
	if err != nil {
		return Result{}, fmt.Errorf("search %q: %w", query, err)
	}
	res.Asked = asked
	cands, err := cat.Semantic(query, asked, c.MinScore)
	if err != nil {
		return Result{}, fmt.Errorf("search %q: %w", query, err)
	}
	res.Candidates = cands
	if res.Maturity >= expand.Growing && c.GraphWeight > 0 && len(cands) > 0 {
		res.Reranked = true
		graphScores(g, cands, min(limit, len(cands)))
		w := c.GraphWeight
		for i := range cands {
			// Conversions forbid a fused multiply-add (see walker.rank).
			cands[i].Final = float64((1-w)*cands[i].Semantic) + float64(w*cands[i].Graph)
		}
	}
	final := append([]Scored(nil), cands...)
	if res.Reranked {
		sort.Slice(final, func(i, j int) bool {
			a, b := final[i], final[j]
			if a.Final != b.Final {
				return a.Final > b.Final
			}
			if a.Semantic != b.Semantic {
				return a.Semantic > b.Semantic
			}
			return a.ID < b.ID
		})
	}
	for i := 0; i < len(final) && i < limit; i++ {
		res.IDs = append(res.IDs, final[i].ID)
	}
	return res, nil
}

// graphScores sets cands[i].Graph, seeding on the first nSeeds candidates:
//
//	raw(c)   = mean over the seeds s other than c of PPR_s(c) / deg(c)
//	Graph(c) = raw(c) / max over the candidates of raw   (0 if that max is 0)
//
// PPR_s is personalised PageRank restarting at s alone on the undirected
// view of g (walker.rank), deg(c) is c's number of neighbours there, and a
// tool outside the graph, or without neighbours, has raw 0. (A seed outside
// the graph still counts in the mean; its walk reaches nobody.)
//
// Two corrections make the walk a relatedness signal rather than a
// popularity one. Leaving c's own walk out: its restart mass would otherwise
// lift every seed, related or not, above every other candidate, so the graph
// could never bring in a candidate from beyond the first limit. Dividing by
// the degree: on an undirected graph a walk's long-run mass is proportional
// to degree, so without it hubs win whatever the seeds (and PPR_s(c)/deg(c)
// is symmetric in s and c).
func graphScores(g *expand.Graph, cands []Scored, nSeeds int) {
	w := newWalker(g)
	raw := make([]float64, len(cands))
	count := make([]int, len(cands))
	for s := 0; s < nSeeds; s++ {
		si, inGraph := w.index[cands[s].ID]
		var x []float64
		if inGraph {
			x, _ = w.rank([]int{si})
		}
		for i := range cands {
			if i == s {
				continue
			}
			count[i]++
			if ci, ok := w.index[cands[i].ID]; ok && inGraph && len(w.nbrs[ci]) > 0 {
				raw[i] += x[ci] / float64(len(w.nbrs[ci]))
			}
		}
	}
	top := 0.0
	for i := range raw {
		if count[i] > 0 {
			raw[i] /= float64(count[i])
		}
		top = max(top, raw[i])
	}
	for i := range cands {
		cands[i].Graph = 0
		if top > 0 {
			cands[i].Graph = raw[i] / top
		}
	}
}
