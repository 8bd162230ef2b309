package history_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/bench/history"
)

// FuzzParse feeds any text to the history reader, then, as the second run
// of a history of twelve, to the analysis and every report: an error or a
// report, never a panic, in bounded time and memory. The seed corpus runs
// with the tests; fuzz with go test -run x -fuzz FuzzParse ./bench/history/
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"commit: a\ndate: 2026-01-02T00:00:00Z\nBenchmarkX-2 1 5 ns/op\n",
		"commit: a\ndate: 2026-01-02T00:00:00Z\nBenchmarkX 1 NaN ns/op\n",
		"commit: a\ndate: 2026-01-02T00:00:00Z\nBenchmarkX 1 +Inf ns/op\n",
		"commit: a\ndate: 2026-01-02T00:00:00Z\nBenchmarkX 1 -1 B/op\n",
		"commit: a\ndate: 2026-01-02T00:00:00Z\nBenchmarkX 1 1e308 ns/op 0 recall@5\n",
		"commit: a\ndate: 2026-01-02T00:00:00Z\nBenchmarkX-2 100 12",
		"commit: a\ndate: not a date\nBenchmarkX 1 5 ns/op\n",
		"commit: c00\ndate: 2026-01-02T00:00:00Z\nBenchmarkX-2 1 5 ns/op\n",
		"Unit ns/op better=higher\ncommit: a\ndate: 2026-01-02T00:00:00Z\nBenchmarkX-2 1 0 ns/op\n",
		"",
	} {
		f.Add(s)
	}
	rest := runs(f, 11, 1, level{name: "X-2", base: 5, step: 6, factor: 2})
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 1<<16 {
			t.Skip()
		}
		for _, skip := range []bool{false, true} {
			r, err := history.Parse([]byte(text), "fuzz.txt", history.ReadOptions{SkipBad: skip})
			if err != nil {
				if !strings.Contains(err.Error(), "fuzz.txt") {
					t.Fatalf("error does not name the file: %v", err)
				}
				continue
			}
			h, err := history.NewHistory(append([]*history.Run{r}, rest...))
			if err != nil {
				continue
			}
			a, err := history.Analyse(h, history.Detector{MinSegment: 3, PValue: 0.05})
			if err != nil {
				t.Fatal(err)
			}
			rep := history.NewReport(a, nil, "fuzz")
			var b strings.Builder
			for _, render := range []func(*strings.Builder) error{
				func(b *strings.Builder) error { return rep.Text(b) },
				func(b *strings.Builder) error { return rep.Markdown(b) },
				func(b *strings.Builder) error { return rep.JSON(b) },
				func(b *strings.Builder) error { return rep.HTML(b) },
			} {
				if err := render(&b); err != nil {
					t.Fatal(fmt.Errorf("render: %w", err))
				}
			}
		}
	})
}
