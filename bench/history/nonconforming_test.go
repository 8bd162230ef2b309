package history_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/bench/history"
)

// TestNonconformingRuns: runs marked "conformance: nonconforming" (bench
// --time-nonconforming) are marked points, named in a warning, and a
// change point where conformance changed says so in its status rather
// than setting the two kinds of runs against each other silently.
func TestNonconformingRuns(t *testing.T) {
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	var rs []*history.Run
	for i := range 12 {
		ns, mark := 100000, ""
		if i >= 6 {
			ns, mark = 300000, "conformance: nonconforming\n"
		}
		text := fmt.Sprintf("commit: c%02d\ndate: %s\n%sBenchmarkInflate 100 %d ns/op\nBenchmarkInflate 100 %d ns/op\n", i, start.AddDate(0, 0, i).Format(time.RFC3339), mark, ns+i, ns+i+1)
		r, err := history.Parse([]byte(text), fmt.Sprintf("run%02d.txt", i), history.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	h, err := history.NewHistory(rs)
	if err != nil {
		t.Fatal(err)
	}
	if p := h.Series[0].Points; p[5].Nonconforming || !p[6].Nonconforming {
		t.Errorf("points not marked from run 6 on: %+v", p)
	}
	a, err := history.Analyse(h, history.Detector{PValue: 0.01, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := history.NewReport(a, nil, "h").Text(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"conformance changed here: non-conforming from this commit",
		"6 of 12 runs non-conforming, timing answers that fail conformance",
		"run06.txt (conformance: nonconforming)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in:\n%s", want, b.String())
		}
	}
}
