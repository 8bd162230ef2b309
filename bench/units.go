package bench

// Unit describes a metric the benchmarks report, so that results files can
// say which direction is better and which values are exact counts (the
// "Unit <unit> better=... assume=..." lines of the Go benchmark format).
type Unit struct {
	Name string
	// Better is -1 when lower is better, +1 when higher is better, 0 when
	// the figure describes the workload rather than its cost (a change is
	// neither better nor worse, and never gates).
	Better int
	// Exact values are deterministic counts: repeated runs give the same
	// value, so any difference is a real change (benchmath.AssumeExact).
	Exact bool
	Doc   string
}

var units = []Unit{
	{"ns/op", -1, false, "time per call"},
	{"B/op", -1, false, "bytes allocated per call"},
	{"allocs/op", -1, false, "allocations per call"},
	{"ns/window", -1, false, "time per window returned"},
	{"B/window", -1, false, "bytes allocated per window returned"},
	{"allocs/window", -1, false, "allocations per window returned"},
	{"alloc/emitted", -1, false, "bytes allocated per byte of window text returned (std085 memory target: < 2)"},
	{"alloc/answer", -1, false, "bytes allocated per byte of the answer: window text plus the records it lists (atoms; window records and molecule IDs) (target: < 2)"},
	{"inflate-ns/op", -1, false, "time of the reference's inflation of the PRF-03 request"},
	{"floor-ns/op", -1, false, "time of one UTF-8 validation pass over the PRF-03 request's documents, in the same iterations"},
	{"inflate/floor", -1, false, "inflation time over the floor (one UTF-8 validation pass over the documents), same iterations (target: <= 3)"},
	{"windows/op", 0, true, "windows returned per call"},
	{"emitted-B/op", 0, true, "bytes of window text returned per call"},
	{"over-budget/op", -1, true, "calls whose windows exceed the budget, in the adapter's unit (std085 target: < 5%)"},
	{"ns/pair", -1, false, "time per similarity pair"},
	{"ns/search", -1, false, "time per search"},
	{"go-ns/op", -1, false, "time of the reference side of a side-by-side benchmark"},
	{"sql-ns/op", -1, false, "time of the PostgreSQL side of a side-by-side benchmark, round trip included"},
	{"go-ns/pair", -1, false, "reference time per pair of a side-by-side benchmark"},
	{"sql-ns/pair", -1, false, "PostgreSQL time per pair of a side-by-side benchmark, round trip included"},
	{"sql/go", 0, false, "PostgreSQL time over reference time, measured in the same iterations"},
	{"server-ns/pair", -1, false, "PostgreSQL's own time per similarity() pair, measured inside the server (no round trip)"},
	{"server/go", 0, false, "PostgreSQL's in-server similarity() time over the reference's, measured in the same iterations (target: >= 5)"},
	{"allocs/pair", -1, true, "allocations per similarity pair of the reference, in steady state (target: 0)"},
	{"matches/op", 0, true, "search results per call"},
	{"calls/op", -1, true, "model calls per densification"},
	{"tokens/op", -1, true, "tokens sent per densification"},
	{"call-ratio", -1, true, "model calls over llm/sim's lower bound (1 is optimal)"},
	{"token-ratio", -1, true, "tokens sent over llm/sim's lower bound (1 is optimal)"},
	{"atoms/op", 0, true, "atom positions recorded or windowed per call"},
}

// Units lists the units the benchmarks report.
func Units() []Unit { return append([]Unit(nil), units...) }

// UnitOf describes the unit named n; ok is false for a unit the catalogue
// does not report.
func UnitOf(n string) (u Unit, ok bool) {
	for _, u := range units {
		if u.Name == n {
			return u, true
		}
	}
	return Unit{Name: n}, false
}
