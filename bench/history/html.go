package history

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"golang.org/x/perf/benchunit"
)

// Chart geometry, in SVG user units.
const (
	chartW, chartH         = 760.0, 220.0
	padL, padR, padT, padB = 70.0, 16.0, 14.0, 34.0
	plotW, plotH           = chartW - padL - padR, chartH - padT - padB
	htmlFormatVersion      = "ctxconform-history-html/1"
)

type htmlPoint struct {
	X, Y  float64
	Run   int    // index into the page's runs table (commit and date)
	Value string // as shown on hover
}

type htmlSeg struct{ X1, X2, Y float64 }

type htmlCP struct {
	X                                float64
	Commit, Date, Text, Class, Label string
}

type htmlChart struct {
	ID, Benchmark, Unit, Status, StatusClass string
	Direction                                string
	Points                                   []htmlPoint
	Segs                                     []htmlSeg
	CPs                                      []htmlCP
	YTicks                                   []htmlTick
	XFirst, XLast                            string
	Note                                     string
	Best                                     string
}

type htmlTick struct {
	Y    float64
	Text string
}

type htmlPage struct {
	Title, Summary, Verdict, VerdictClass, Generated, Format string
	Failing                                                  []string
	Charts                                                   []htmlChart
	Warnings                                                 []string
	// Runs is [[commit, date], ...], once for the page: a point names its
	// run by index, so 500 series of 1,000 runs stay a page a browser opens.
	Runs [][2]string
}

// HTML writes a self-contained trend report: one page, no network, an
// inline SVG chart per series with its runs as points, the mean of each
// segment between change points as a line, and the change points marked
// (red for a regression at the newest change point, grey when
// acknowledged or superseded, green for an improvement). Hovering a point
// or a mark shows its commit, date and value. Series are ordered failing
// first, then those with change points, then the rest.
func (r *Report) HTML(w io.Writer) error {
	page := htmlPage{
		Title: "Performance history", Summary: strings.TrimSpace(r.summary() + " " + r.TooFew), Verdict: r.Verdict(), VerdictClass: "ok",
		Generated: time.Now().UTC().Format(time.RFC3339), Format: htmlFormatVersion, Warnings: r.Warnings,
	}
	if r.Failed() {
		page.VerdictClass = "fail"
	}
	for _, run := range r.History.Runs {
		page.Runs = append(page.Runs, [2]string{run.Commit, run.Date.Format(time.RFC3339)})
	}
	for _, f := range r.Gate.Failing {
		page.Failing = append(page.Failing, fmt.Sprintf("%s %s at %s: %s", f.Series.Benchmark, f.Series.Unit, short(f.Point.Commit), ChangeText(f.Point.Change)))
	}
	order := make([]int, len(r.Series))
	rank := func(s *SeriesResult) int {
		for _, f := range r.Gate.Failing {
			if f.Series == s {
				return 0
			}
		}
		if len(s.ChangePoints) > 0 {
			return 1
		}
		return 2
	}
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank(r.Series[a]) - rank(r.Series[b]) })
	for n, i := range order {
		page.Charts = append(page.Charts, r.chart(r.Series[i], n))
	}
	return pageTemplate.Execute(w, page)
}

func (r *Report) chart(s *SeriesResult, n int) htmlChart {
	c := htmlChart{ID: fmt.Sprintf("s%d", n), Benchmark: s.Benchmark, Unit: s.Unit, Note: s.Note,
		Direction: map[int]string{-1: "lower is better", 1: "higher is better", 0: "no better direction"}[s.Better]}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range s.Points {
		lo, hi = math.Min(lo, p.Value), math.Max(hi, p.Value)
	}
	if lo == hi {
		lo, hi = lo-math.Max(1, math.Abs(lo))*0.05, hi+math.Max(1, math.Abs(hi))*0.05
	}
	span := hi - lo
	lo, hi = lo-0.05*span, hi+0.05*span
	sc := benchunit.CommonScale([]float64{lo, hi}, benchunit.ClassOf(s.Unit))
	np := len(s.Points)
	x := func(i int) float64 {
		if np == 1 {
			return padL + plotW/2
		}
		return padL + plotW*float64(i)/float64(np-1)
	}
	y := func(v float64) float64 { return padT + plotH*(1-(v-lo)/(hi-lo)) }
	runs := r.History.Runs
	for i, p := range s.Points {
		c.Points = append(c.Points, htmlPoint{X: round2(x(i)), Y: round2(y(p.Value)), Run: p.Run, Value: sc.Format(p.Value)})
	}
	for k := range 5 {
		v := lo + (hi-lo)*float64(k)/4
		c.YTicks = append(c.YTicks, htmlTick{Y: round2(y(v)), Text: sc.Format(v)})
	}
	c.XFirst = runs[s.Points[0].Run].Date.Format(time.DateOnly)
	c.XLast = runs[s.Points[np-1].Run].Date.Format(time.DateOnly)
	for _, seg := range s.Segments {
		x1, x2 := x(seg.From), x(seg.To-1)
		if seg.From > 0 {
			x1 = (x(seg.From-1) + x(seg.From)) / 2
		}
		if seg.To < np {
			x2 = (x(seg.To-1) + x(seg.To)) / 2
		}
		c.Segs = append(c.Segs, htmlSeg{round2(x1), round2(x2), round2(y(seg.Mean))})
	}
	if s.Better != 0 {
		b := s.Points[s.Best]
		c.Best = fmt.Sprintf("best so far %s at %s", sc.Format(b.Value), short(runs[b.Run].Commit))
	}
	c.Status, c.StatusClass = "no change point", "none"
	if len(s.ChangePoints) > 0 {
		c.Status, c.StatusClass = fmt.Sprintf("%d change points", len(s.ChangePoints)), "changed"
		if len(s.ChangePoints) == 1 {
			c.Status = "1 change point"
		}
	}
	for i, cp := range s.ChangePoints {
		status := r.status(s, i)
		class := "cp"
		switch {
		case status == "REGRESSION":
			class += " regression"
			c.Status, c.StatusClass = "REGRESSION at "+short(cp.Commit), "fail"
		case cp.Verdict == Regression:
			class += " regression settled"
		case cp.Verdict == Improvement:
			class += " improvement"
		}
		xm := (x(cp.Index-1) + x(cp.Index)) / 2
		text := fmt.Sprintf("%s → %s (%s, p=%.3g): %s", sc.Format(cp.Before), sc.Format(cp.After), ChangeText(cp.Change), cp.P, status)
		c.CPs = append(c.CPs, htmlCP{X: round2(xm), Commit: cp.Commit, Date: cp.Date.Format(time.RFC3339), Text: text, Class: class, Label: short(cp.Commit)})
	}
	return c
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

var pageTemplate = template.Must(template.New("page").Funcs(template.FuncMap{
	"W": func() float64 { return chartW }, "H": func() float64 { return chartH },
	"L": func() float64 { return padL }, "R": func() float64 { return chartW - padR },
	"T": func() float64 { return padT }, "B": func() float64 { return chartH - padB },
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="generator" content="{{.Format}}">
<title>{{.Title}}</title>
<style>
body{font:14px system-ui,sans-serif;margin:1.5em;color:#222;max-width:820px}
h1{font-size:1.4em;margin:0 0 .3em} h2{font-size:1em;margin:1.4em 0 .2em;font-family:ui-monospace,monospace;word-break:break-all}
.verdict{padding:.5em .8em;border-radius:4px;font-weight:600}.verdict.ok{background:#e6f4ea}.verdict.fail{background:#fce8e6}
.meta{color:#555;font-size:.9em}.status{font-weight:600}.status.fail{color:#c5221f}.status.changed{color:#555}.status.none{color:#999}
svg.chart{display:block;background:#fff;border:1px solid #ddd}
.axis{stroke:#999;stroke-width:1}.grid{stroke:#eee}.tick{font-size:10px;fill:#666}
.pt{fill:#1a73e8;fill-opacity:.75}.pt:hover,.pt.hot{fill:#000;r:5}
.seg{stroke:#f29900;stroke-width:2.5}
.cp{stroke:#555;stroke-width:1.5;stroke-dasharray:4 3}.cp.regression{stroke:#c5221f;stroke-width:2.5}.cp.regression.settled{stroke:#999}.cp.improvement{stroke:#188038}
.cplabel{font-size:10px;fill:#333}
#tip{position:fixed;pointer-events:none;background:#222;color:#fff;padding:.35em .55em;border-radius:3px;font-size:12px;display:none;white-space:pre;z-index:9}
</style></head><body>
<h1>{{.Title}}</h1>
<p class="meta">{{.Summary}}<br>Generated {{.Generated}}. Points are each run's median; orange lines the mean of each segment between change points; dashed lines change points (red: a regression at a series' newest change point, green: an improvement, grey: other). Hover for commit and values.</p>
<p class="verdict {{.VerdictClass}}" id="verdict">{{.Verdict}}</p>
{{with .Failing}}<ul id="failing">{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{range .Charts}}<section class="series" id="{{.ID}}">
<h2>{{.Benchmark}} <span class="meta">{{.Unit}} · {{.Direction}}</span></h2>
<p class="meta"><span class="status {{.StatusClass}}">{{.Status}}</span>{{with .Best}} · <span class="best">{{.}}</span>{{end}}{{with .Note}} · {{.}}{{end}}</p>
<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {{W}} {{H}}" width="{{W}}" height="{{H}}" data-benchmark="{{.Benchmark}}" data-unit="{{.Unit}}" role="img" aria-label="{{.Benchmark}} {{.Unit}}">
{{range .YTicks}}<line class="grid" x1="{{L}}" x2="{{R}}" y1="{{.Y}}" y2="{{.Y}}"/><text class="tick" x="{{L}}" dx="-4" y="{{.Y}}" dy="3" text-anchor="end">{{.Text}}</text>
{{end}}<line class="axis" x1="{{L}}" x2="{{L}}" y1="{{T}}" y2="{{B}}"/><line class="axis" x1="{{L}}" x2="{{R}}" y1="{{B}}" y2="{{B}}"/>
<text class="tick" x="{{L}}" y="{{B}}" dy="14">{{.XFirst}}</text><text class="tick" x="{{R}}" y="{{B}}" dy="14" text-anchor="end">{{.XLast}}</text>
{{range .Segs}}<line class="seg" x1="{{.X1}}" x2="{{.X2}}" y1="{{.Y}}" y2="{{.Y}}"/>
{{end}}{{range .CPs}}<line class="{{.Class}}" x1="{{.X}}" x2="{{.X}}" y1="{{T}}" y2="{{B}}" data-commit="{{.Commit}}" data-date="{{.Date}}" data-text="{{.Text}}"/><text class="cplabel" x="{{.X}}" dx="3" y="{{T}}" dy="9">{{.Label}}</text>
{{end}}{{range .Points}}<circle class="pt" cx="{{.X}}" cy="{{.Y}}" r="3" data-run="{{.Run}}" data-v="{{.Value}}"/>
{{end}}</svg>
</section>
{{end}}
{{with .Warnings}}<h2>Warnings</h2><ul class="warnings">{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
<div id="tip" role="tooltip"></div>
<script type="application/json" id="runs">{{.Runs}}</script>
<script>
(function () {
  "use strict";
  var tip = document.getElementById("tip");
  var runs = JSON.parse(document.getElementById("runs").textContent);
  function show(ev, text) {
    tip.textContent = text;
    tip.style.display = "block";
    tip.style.left = (ev.clientX + 12) + "px";
    tip.style.top = (ev.clientY + 12) + "px";
  }
  document.addEventListener("mouseover", function (ev) {
    var t = ev.target;
    if (!(t instanceof SVGElement)) { return; }
    if (t.classList.contains("pt")) {
      t.classList.add("hot");
      var run = runs[Number(t.dataset.run)];
      var svg = t.ownerSVGElement;
      show(ev, run[0] + "\n" + run[1] + "\n" + t.dataset.v + " " + svg.dataset.unit);
    } else if (t.classList.contains("cp")) {
      show(ev, "change point at " + t.dataset.commit + "\n" + t.dataset.date + "\n" + t.dataset.text);
    }
  });
  document.addEventListener("mouseout", function (ev) {
    var t = ev.target;
    if (t instanceof SVGElement && (t.classList.contains("pt") || t.classList.contains("cp"))) {
      t.classList.remove("hot");
      tip.style.display = "none";
    }
  });
})();
</script>
</body></html>
`))
