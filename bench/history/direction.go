package history

import (
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"

	"github.com/ctxconform/ctxconform/bench"
)

// higherBetter are the prefixes of units that measure quality, where more
// is better: recall, recall@5, precision@10, ndcg, mrr, hit-rate, accuracy.
var higherBetter = []string{"recall", "precision", "ndcg", "mrr", "map@", "hit", "accuracy", "f1", "score", "throughput"}

// Better is the direction of a unit: -1 when lower is better, +1 when
// higher is better, 0 when the figure describes the workload and a change
// is neither. The rule, first match wins:
//
//  1. a "Unit U better=higher|lower" line in the results;
//  2. the benchmark catalogue (bench.Units): ns/op, B/op, allocs/op and the
//     per-window costs lower, windows/op and emitted-B/op neither;
//  3. quality metrics, units starting with recall, precision, ndcg, mrr,
//     map@, hit, accuracy, f1, score or throughput (recall@5, hit-rate),
//     and rates per second (MB/s, ops/s): higher;
//  4. anything else is a cost (time, memory, counts, ratios of costs):
//     lower.
func Better(units benchfmt.UnitMetadataMap, unit string) int {
	if units.Get(unit, "better") != nil {
		return units.GetBetter(unit)
	}
	for _, u := range bench.Units() {
		if _, t := benchunit.Tidy(1, u.Name); t == unit || u.Name == unit {
			return u.Better
		}
	}
	l := strings.ToLower(unit)
	for _, p := range higherBetter {
		if strings.HasPrefix(l, p) {
			return 1
		}
	}
	if strings.HasSuffix(l, "/s") || strings.HasSuffix(l, "/sec") {
		return 1
	}
	return -1
}
