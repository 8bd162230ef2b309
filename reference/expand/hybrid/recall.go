package hybrid

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/expand"
)

// Recall is recall@limit: the share of the distinct relevant IDs found among
// the first limit results (a repeated result counts once). It is 0 when
// limit <= 0 and when there is nothing relevant (0/0 is taken as 0, as most
// metric libraries do, so an empty case never inflates a mean).
func Recall(results, relevant []string, limit int) float64 {
	want := make(map[string]bool, len(relevant))
	for _, id := range relevant {
		want[id] = true
	}
	if limit <= 0 || len(want) == 0 {
		return 0
	}
	found := 0
	for i := 0; i < len(results) && i < limit; i++ {
		if want[results[i]] {
			found++
			want[results[i]] = false
		}
	}
	return float64(found) / float64(len(want))
}

// Case is one evaluation query: the answer should hold Relevant within Limit.
type Case struct {
	Query    string
	Limit    int
	Relevant []string
}

// NamedGraph is a usage graph with a label for reports.
type NamedGraph struct {
	Name  string
	Graph *expand.Graph
}

// RecallRow compares, on one graph, the dynamic multiplier with the static
// 2× that ADR-023 replaced, over a set of cases.
type RecallRow struct {
	Graph        string
	Maturity     expand.Maturity
	Density      float64
	Multiplier   float64 // the dynamic multiplier for this graph
	Cases        int
	Dynamic      float64 // mean recall@limit with the dynamic multiplier
	Static       float64 // mean recall@limit with a fixed 2×
	AskedDynamic int     // candidates requested over all cases, dynamic
	AskedStatic  int     // candidates requested over all cases, static 2×
}

// CompareRecall runs every case on every graph twice, with cfg's settings
// and the dynamic multiplier, then with the multiplier fixed at 2, and
// returns one row per graph in the given order. cfg.Multiplier is ignored.
// No case, or any search error, is an error.
func CompareRecall(cat *Catalogue, graphs []NamedGraph, cases []Case, cfg Config) ([]RecallRow, error) {
	if len(cases) == 0 {
		return nil, fmt.Errorf("compare recall: no case")
	}
	dyn, static := cfg, cfg
	dyn.Multiplier, static.Multiplier = 0, 2
	rows := make([]RecallRow, 0, len(graphs))
	for _, ng := range graphs {
		row := RecallRow{
			Graph:      ng.Name,
			Maturity:   expand.MaturityOf(ng.Graph),
			Density:    expand.Density(ng.Graph),
			Multiplier: expand.Multiplier(ng.Graph),
			Cases:      len(cases),
		}
		for _, k := range cases {
			d, err := dyn.Search(cat, ng.Graph, k.Query, k.Limit)
			if err != nil {
				return nil, fmt.Errorf("compare recall on %s: %w", ng.Name, err)
			}
			s, err := static.Search(cat, ng.Graph, k.Query, k.Limit)
			if err != nil {
				return nil, fmt.Errorf("compare recall on %s: %w", ng.Name, err)
			}
			row.Dynamic += Recall(d.IDs, k.Relevant, k.Limit)
			row.Static += Recall(s.IDs, k.Relevant, k.Limit)
			row.AskedDynamic += d.Asked
			row.AskedStatic += s.Asked
		}
		row.Dynamic /= float64(len(cases))
		row.Static /= float64(len(cases))
		rows = append(rows, row)
	}
	return rows, nil
}
