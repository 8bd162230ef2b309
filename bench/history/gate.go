package history

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/internal/bounded"
)

// Ack acknowledges a change: the change point of benchmark at commit is
// understood and no longer fails the gate.
type Ack struct {
	Commit    string `json:"commit"`
	Benchmark string `json:"benchmark"`
	Reason    string `json:"reason"`
	Line      int    `json:"line"`
	File      string `json:"file"`
}

// ReadAcks reads an acknowledgement file: one change per line,
//
//	COMMIT BENCHMARK REASON...
//
// separated by blanks, the reason running to the end of the line; blank
// lines and lines starting with # are ignored. COMMIT is the full commit or
// a prefix of at least 7 characters. BENCHMARK is the name as the report
// prints it, with or without its -N GOMAXPROCS suffix (Inflate/hits=10 or
// Inflate/hits=10-2), or * for every benchmark that changed at that
// commit. The reason is required. For example:
//
//	# commit  benchmark                 reason
//	3f2c9a1d  Inflate/hits=1000-2       deliberate: windows now carry their headers (#123)
//	9b0e77c0  *                         CI runner moved to a slower machine class
func ReadAcks(path string) ([]Ack, error) {
	data, err := bounded.ReadFile(path, "an acknowledgements file", bounded.Acks)
	if err != nil {
		return nil, fmt.Errorf("acknowledgements: %w", err)
	}
	var acks []Ack
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return nil, fmt.Errorf("%s:%d: want COMMIT BENCHMARK REASON, got %q", path, n, line)
		}
		if len(f[0]) < 7 {
			return nil, fmt.Errorf("%s:%d: commit %q: give at least 7 characters", path, n, f[0])
		}
		rest := strings.TrimSpace(line[len(f[0]):])
		reason := strings.TrimSpace(rest[len(f[1]):])
		acks = append(acks, Ack{Commit: f[0], Benchmark: f[1], Reason: reason, Line: n, File: path})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return acks, nil
}

// matches reports whether a covers the change point of benchmark at commit.
func (a Ack) matches(benchmark, commit string) bool {
	if !strings.HasPrefix(commit, a.Commit) {
		return false
	}
	return a.Benchmark == "*" || a.Benchmark == benchmark || a.Benchmark == trimProcs(benchmark)
}

// trimProcs drops a trailing -N (GOMAXPROCS) from a benchmark name.
func trimProcs(name string) string {
	i := strings.LastIndexByte(name, '-')
	if i < 0 || i == len(name)-1 {
		return name
	}
	for _, r := range name[i+1:] {
		if r < '0' || r > '9' {
			return name
		}
	}
	return name[:i]
}

// Finding is the newest change point of a series, as the gate sees it.
type Finding struct {
	Series *SeriesResult
	Point  ChangePoint
	Ack    *Ack // the acknowledgement covering it, if any
}

// Gate is the outcome of the gate.
type Gate struct {
	// Failing are newest change points that are regressions and not
	// acknowledged: the gate fails when there is one.
	Failing []Finding
	// Acknowledged are newest change points that are regressions and
	// acknowledged.
	Acknowledged []Finding
	// Unused are acknowledgements that cover no newest regression.
	Unused []Ack
}

// Gate judges the newest change point of every series: a regression not
// acknowledged fails; an improvement, a change of a unit without direction
// or an older regression (a later change point has superseded it) never
// does.
func (a *Analysis) Gate(acks []Ack) Gate {
	var g Gate
	used := make([]bool, len(acks))
	for _, s := range a.Series {
		cp := s.Newest()
		if cp == nil || cp.Verdict != Regression {
			continue
		}
		f := Finding{Series: s, Point: *cp}
		for i := range acks {
			if acks[i].matches(s.Benchmark, cp.Commit) {
				f.Ack = &acks[i]
				used[i] = true
				break
			}
		}
		if f.Ack != nil {
			g.Acknowledged = append(g.Acknowledged, f)
		} else {
			g.Failing = append(g.Failing, f)
		}
	}
	for i, u := range used {
		if !u {
			g.Unused = append(g.Unused, acks[i])
		}
	}
	return g
}
