package history_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/ctxconform/ctxconform/internal/testenv/browsertest"
)

// TestHTMLInChromium opens the trend report in a real headless Chromium:
// the page loads without script errors or network requests, holds one
// chart per series, marks the change points the analysis found (the
// regression at run 30, ±1, in red), and shows a point's commit and value
// on hover. It keeps a screenshot and the page in
// bench/history/testdata/chromium/ (ignored by git).
func TestHTMLInChromium(t *testing.T) {
	bctx := browsertest.Browser(t)
	rep := analyse(t, runs(t, 40, 11,
		level{name: "Inflate/hits=1000-2", base: 2e5, step: 30, factor: 1.15},
		level{name: "Search/entries=1000-2", base: 8e4, step: 20, factor: 0.8},
		level{name: "Level-2", base: 500, step: -1},
		level{name: "Recall-2", base: 0.9, step: -1, unit: "recall@5"},
	), nil)
	var buf bytes.Buffer
	if err := rep.HTML(&buf); err != nil {
		t.Fatal(err)
	}
	page := browsertest.Keep(t, "report.html", buf.Bytes())

	ctx, problems := browsertest.Open(t, bctx, page)
	charts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("svg.chart")).map(s => s.dataset.benchmark + " " + s.dataset.unit)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(charts) != len(rep.Series) {
		t.Errorf("%d charts %v, want one per series (%d)", len(charts), charts, len(rep.Series))
	}
	// The marks are the analysis' change points, series by series.
	for _, s := range rep.Series {
		var want []string
		for _, cp := range s.ChangePoints {
			want = append(want, cp.Commit)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(
			`Array.from(document.querySelectorAll("svg.chart")).filter(s => s.dataset.benchmark === %q && s.dataset.unit === %q)
			 .flatMap(s => Array.from(s.querySelectorAll("line.cp")).map(l => l.dataset.commit))`, s.Benchmark, s.Unit)))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s %s: marks at %v, want %v", s.Benchmark, s.Unit, got, want)
		}
	}
	red, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("line.cp.regression:not(.settled)")).map(l => l.closest("svg").dataset.benchmark + "@" + l.dataset.commit)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(red) != 1 || !(strings.HasSuffix(red[0], "@"+commit(30)) || strings.HasSuffix(red[0], "@"+commit(29)) || strings.HasSuffix(red[0], "@"+commit(31))) ||
		!strings.HasPrefix(red[0], "Inflate/hits=1000-2@") {
		t.Errorf("regression marks %v, want one on Inflate/hits=1000-2 at run 30 ±1 (%s)", red, commit(30))
	}
	if best, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("span.best").length`)); best != len(rep.Series) {
		t.Errorf("%d series show their best result so far, want %d", best, len(rep.Series))
	}
	green, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("line.cp.improvement").length`))
	if green != 1 {
		t.Errorf("%d improvement marks, want 1", green)
	}

	// Hover the first chart's 11th point: the tooltip shows its commit and value.
	box, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const c = document.querySelector("svg.chart").querySelectorAll("circle.pt")[10];
		c.scrollIntoView({block: "center"});
		const r = c.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`))
	if err != nil || len(box) != 2 {
		t.Fatalf("point position: %v %v", box, err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, box[0], box[1])); err != nil {
		t.Fatal(err)
	}
	tip, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[getComputedStyle(document.getElementById("tip")).display, document.getElementById("tip").textContent]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(tip) != 2 || tip[0] != "block" || !strings.Contains(tip[1], commit(10)) || !strings.Contains(tip[1], "sec/op") {
		t.Errorf("tooltip after hovering run 10: %q, want it shown with %s and its value", tip, commit(10))
	}

	browsertest.Screenshot(t, ctx, "report.png")
	if p := problems(); len(p) > 0 {
		t.Errorf("the page had problems:\n%s", strings.Join(p, "\n"))
	}

	// The checks can fail: a page with a script error, a console error and
	// a request for the network is caught.
	broken := filepath.Join(t.TempDir(), "broken.html")
	bad := strings.Replace(buf.String(), "</body>", `<script>console.error("boom"); null.x;</script><img src="http://192.0.2.1/x.png"></body>`, 1)
	if err := os.WriteFile(broken, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, brokenProblems := browsertest.Open(t, bctx, broken)
	got := strings.Join(brokenProblems(), "\n")
	for _, want := range []string{"exception:", "console.error: ", "request: http://192.0.2.1/x.png"} {
		if !strings.Contains(got, want) {
			t.Errorf("the broken page's problems lack %q:\n%s", want, got)
		}
	}
}
