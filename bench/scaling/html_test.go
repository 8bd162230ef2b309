package scaling_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/ctxconform/ctxconform/bench/scaling"
	"github.com/ctxconform/ctxconform/internal/testenv/browsertest"
)

// TestHTMLInChromium opens the scaling report in a real headless Chromium:
// it loads without script errors or network requests; the table has one row
// per sweep with the growth in words; the chart draws one curve per sweep
// with a point per setting, each naming its value on hover, inside the
// drawing. It keeps a screenshot and the page in
// bench/scaling/testdata/chromium/ (ignored by git).
func TestHTMLInChromium(t *testing.T) {
	bctx := browsertest.Browser(t)
	var in []scaling.Sample
	in = append(in, samples("Inflate", 4, "sec/op", func(x float64) float64 { return 2e-6 * x })...)
	in = append(in, samples("Inflate", 4, "B/op", func(x float64) float64 { return 900 * x })...)
	in = append(in, samples("Radial", 3, "sec/op", func(x float64) float64 { return 1e-9 * x * x })...)
	sweeps := scaling.Sweeps(in)
	if len(sweeps) != 3 {
		t.Fatalf("%d sweeps, want 3", len(sweeps))
	}
	var buf bytes.Buffer
	if err := scaling.HTML(&buf, sweeps, "Scaling of the reference", []string{"machine: test"}); err != nil {
		t.Fatal(err)
	}
	page := browsertest.Keep(t, "scaling.html", buf.Bytes())
	ctx, problems := browsertest.Open(t, bctx, page)

	growth, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`Array.from(document.querySelectorAll("table tr")).slice(1).map(r => r.lastElementChild.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(growth)
	if want := []string{"linear in hits", "linear in hits", "quadratic in hits"}; !slices.Equal(growth, want) {
		t.Errorf("table growth column %q, want %q", growth, want)
	}

	curves, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("svg polyline").length`))
	if err != nil {
		t.Fatal(err)
	}
	if curves != len(sweeps) {
		t.Errorf("%d curves, want one per sweep (%d)", curves, len(sweeps))
	}
	points, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("svg circle")).map(c => c.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(points) != 4+4+3 {
		t.Errorf("%d points, want 11 (a point per setting of every sweep)", len(points))
	}
	for _, p := range points {
		if !strings.Contains(p, "hits=") || !strings.Contains(p, "median of") {
			t.Errorf("point title %q does not name its setting and median", p)
		}
	}
	// Every point lies inside the drawing, so none is cut off or lost.
	outside, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
		const svg = document.querySelector("svg").getBoundingClientRect();
		return Array.from(document.querySelectorAll("svg circle")).filter(c => {
			const r = c.getBoundingClientRect();
			return r.width === 0 || r.left < svg.left || r.right > svg.right || r.top < svg.top || r.bottom > svg.bottom;
		}).length;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if outside != 0 {
		t.Errorf("%d points drawn outside the chart", outside)
	}

	browsertest.Screenshot(t, ctx, "scaling.png")
	if p := problems(); len(p) > 0 {
		t.Errorf("the page had problems:\n%s", strings.Join(p, "\n"))
	}
}
