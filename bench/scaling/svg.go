package scaling

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ctxconform/ctxconform/internal/clip"
)

// Panel geometry, in SVG user units (pixels).
const (
	panelW  = 440
	panelH  = 270
	marginL = 64
	marginR = 18
	marginT = 46
	marginB = 62
	header  = 70 // title and notes above the panels
)

var palette = []string{"#1f6fb4", "#c8511b", "#2c8c3c", "#7b4ea3"}

// SVG writes the sweeps as one self-contained SVG image: one row per sweep,
// one column per unit, each panel on log-log axes with the measured points,
// the fitted power law (dashed) and the fit in words. notes are printed
// under the title (machine, adapter, run settings).
func SVG(w io.Writer, sweeps []Sweep, title string, notes []string) error {
	return chart(w, sweeps, title, notes, true)
}

// chart writes the SVG image, with the title and the first notes above the
// panels when headed (a standalone image), without them inside HTML's page,
// which shows them already.
func chart(w io.Writer, sweeps []Sweep, title string, notes []string, headed bool) error {
	rows, cols := layout(sweeps)
	top := 0
	if headed {
		top = header
	}
	width := panelW * max(len(cols), 1)
	height := top + panelH*max(len(rows), 1)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	if headed {
		fmt.Fprintf(&b, `<text x="12" y="24" font-size="17" font-weight="bold">%s</text>`+"\n", esc(title))
		for i, n := range notes {
			if i == 3 {
				break
			}
			fmt.Fprintf(&b, `<text x="12" y="%d" font-size="11" fill="#444">%s</text>`+"\n", 42+14*i, esc(n))
		}
	}
	if len(sweeps) == 0 {
		fmt.Fprintf(&b, `<text x="12" y="%d" font-size="13">No sweep: the results hold no benchmarks that differ in one numeric setting at %d or more values.</text>`+"\n", top+20, MinPoints)
	}
	for r, id := range rows {
		for c, unit := range cols {
			for _, s := range sweeps {
				if sweepID(s) == id && s.Unit == unit {
					panel(&b, s, c*panelW, top+r*panelH, palette[c%len(palette)])
				}
			}
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// HTML writes a self-contained page: the title, the notes, a table of the
// fits and the SVG chart inline (without SVG's own title and notes).
func HTML(w io.Writer, sweeps []Sweep, title string, notes []string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", esc(title))
	b.WriteString(`<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 1em 0 2em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
th { background: #f2f2f2; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
</style>
</head>
<body>
`)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", esc(title))
	if len(notes) > 0 {
		b.WriteString("<ul>\n")
		for _, n := range notes {
			fmt.Fprintf(&b, "<li>%s</li>\n", esc(n))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("<p>Each row is a sweep: benchmarks that differ in one setting only. The growth is a least-squares power law on log-log axes (y ∝ x<sup>k</sup>): k near 0 is flat, near 1 linear, near 2 quadratic; the last step is the exponent between the two largest settings.</p>\n")
	b.WriteString("<table>\n<tr><th>Sweep</th><th>Unit</th><th>Settings</th><th>k (fit)</th><th>R²</th><th>k (last step)</th><th>Growth</th></tr>\n")
	for _, s := range sweeps {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td class=\"num\">%s–%s</td><td class=\"num\">%.2f</td><td class=\"num\">%.2f</td><td class=\"num\">%.2f</td><td>%s</td></tr>\n",
			esc(s.Title()), esc(s.Unit), number(s.Points[0].X), number(s.Points[len(s.Points)-1].X), s.Fit.K, s.Fit.R2, s.Fit.LastK, esc(Describe(s.Fit.K, s.Key)))
	}
	b.WriteString("</table>\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if err := chart(w, sweeps, title, notes, false); err != nil {
		return err
	}
	_, err := io.WriteString(w, "</body>\n</html>\n")
	return err
}

func sweepID(s Sweep) string { return s.Head + "\x00" + s.Key + "\x00" + s.Fixed }

// layout gives the rows (sweeps, in order) and columns (units, in order of
// first appearance) of the grid.
func layout(sweeps []Sweep) (rows, cols []string) {
	for _, s := range sweeps {
		if id := sweepID(s); !slices.Contains(rows, id) {
			rows = append(rows, id)
		}
		if !slices.Contains(cols, s.Unit) {
			cols = append(cols, s.Unit)
		}
	}
	return rows, cols
}

// axis maps log10 values in [lo, hi] to pixels in [p0, p1].
type axis struct{ lo, hi, p0, p1 float64 }

func (a axis) at(v float64) float64 {
	return a.p0 + (math.Log10(v)-a.lo)/(a.hi-a.lo)*(a.p1-a.p0)
}

// span returns the log10 range of vals, padded, at least minSpan decades.
func span(vals []float64, pad, minSpan float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		if v > 0 {
			lo, hi = min(lo, math.Log10(v)), max(hi, math.Log10(v))
		}
	}
	if math.IsInf(lo, 0) {
		return 0, 1
	}
	if d := hi - lo; d < minSpan {
		mid := (hi + lo) / 2
		lo, hi = mid-minSpan/2, mid+minSpan/2
	}
	d := hi - lo
	return lo - pad*d, hi + pad*d
}

// ticks are the values in [10^lo, 10^hi] worth a label: the powers of ten,
// and 2 and 5 times them when the range is short.
func ticks(lo, hi float64) []float64 {
	var out []float64
	mults := []float64{1}
	if hi-lo < 2.2 {
		mults = []float64{1, 2, 5}
	}
	for e := math.Floor(lo); e <= math.Ceil(hi); e++ {
		for _, m := range mults {
			v := m * math.Pow(10, e)
			if l := math.Log10(v); l >= lo-1e-9 && l <= hi+1e-9 {
				out = append(out, v)
			}
		}
	}
	return out
}

func panel(b *strings.Builder, s Sweep, x0, y0 int, color string) {
	left, right := float64(x0+marginL), float64(x0+panelW-marginR)
	top, bottom := float64(y0+marginT), float64(y0+panelH-marginB)
	xs := make([]float64, len(s.Points))
	ys := make([]float64, 0, len(s.Points)+2)
	for i, p := range s.Points {
		xs[i] = p.X
		ys = append(ys, p.Y)
	}
	xlo, xhi := span(xs, 0.06, 0.5)
	fitted := !math.IsNaN(s.Fit.K)
	if fitted {
		ys = append(ys, s.Fit.At(xs[0]), s.Fit.At(xs[len(xs)-1]))
	}
	ylo, yhi := span(ys, 0.1, 1)
	ax := axis{xlo, xhi, left, right}
	ay := axis{ylo, yhi, bottom, top}

	fmt.Fprintf(b, `<g>`+"\n")
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="12" font-weight="bold">%s</text>`+"\n", x0+10, y0+18, esc(s.Head+" by "+s.Key))
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="10" fill="#555">%s</text>`+"\n", x0+10, y0+32, esc(clip.Text(s.Fixed, 70)))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#fafafa" stroke="#bbb"/>`+"\n", left, top, right-left, bottom-top)
	for _, v := range ticks(ylo, yhi) {
		y := ay.at(v)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#e3e3e3"/>`+"\n", left, y, right, y)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="end" fill="#333">%s</text>`+"\n", left-4, y+3.5, esc(valueLabel(v, s.Unit)))
	}
	for _, v := range ticks(xlo, xhi) {
		x := ax.at(v)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#e3e3e3"/>`+"\n", x, top, x, bottom)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="#333">%s</text>`+"\n", x, bottom+13, esc(number(v)))
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" font-size="10" text-anchor="middle" fill="#333">%s (log)</text>`+"\n", (left+right)/2, bottom+26, esc(s.Key))
	fmt.Fprintf(b, `<text x="%d" y="%.1f" font-size="10" fill="#333" transform="rotate(-90 %d %.1f)" text-anchor="middle">%s (log)</text>`+"\n",
		x0+12, (top+bottom)/2, x0+12, (top+bottom)/2, esc(s.Unit))
	if fitted {
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#777" stroke-width="1.2" stroke-dasharray="5 4"/>`+"\n",
			ax.at(xs[0]), ay.at(s.Fit.At(xs[0])), ax.at(xs[len(xs)-1]), ay.at(s.Fit.At(xs[len(xs)-1])))
	}
	var path []string
	for _, p := range s.Points {
		if p.Y > 0 {
			path = append(path, fmt.Sprintf("%.1f,%.1f", ax.at(p.X), ay.at(p.Y)))
		}
	}
	fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.8"/>`+"\n", strings.Join(path, " "), color)
	for _, p := range s.Points {
		if p.Y > 0 {
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3.2" fill="%s"><title>%s=%s: %s (median of %d)</title></circle>`+"\n",
				ax.at(p.X), ay.at(p.Y), color, esc(s.Key), esc(number(p.X)), esc(valueLabel(p.Y, s.Unit)), p.N)
		}
	}
	caption := "not enough positive values to fit"
	if fitted {
		caption = fmt.Sprintf("%s: k = %.2f (R² %.2f)", Describe(s.Fit.K, s.Key), s.Fit.K, s.Fit.R2)
	}
	fmt.Fprintf(b, `<text x="%d" y="%.1f" font-size="11" fill="%s">%s</text>`+"\n", x0+10, bottom+42, color, esc(caption))
	if n := len(s.Points); fitted && n > 2 && math.Abs(s.Fit.LastK-s.Fit.K) > 0.25 {
		fmt.Fprintf(b, `<text x="%d" y="%.1f" font-size="10" fill="#555">last step %s→%s: k = %.2f (%s)</text>`+"\n",
			x0+10, bottom+55, esc(number(s.Points[n-2].X)), esc(number(s.Points[n-1].X)), s.Fit.LastK, esc(Describe(s.Fit.LastK, s.Key)))
	}
	b.WriteString("</g>\n")
}

// valueLabel writes v in the unit's natural scale: seconds as ns, µs, ms,
// s; bytes as B, kB, MB, GB; other units with k, M, G.
func valueLabel(v float64, unit string) string {
	type step struct {
		f float64
		p string
	}
	var steps []step
	switch {
	case strings.HasPrefix(unit, "sec/"):
		steps = []step{{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}}
	case strings.HasPrefix(unit, "B/"):
		steps = []step{{1e9, "GB"}, {1e6, "MB"}, {1e3, "kB"}, {1, "B"}}
	default:
		steps = []step{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}}
	}
	for _, s := range steps {
		if math.Abs(v) >= s.f*0.999 {
			return strconv.FormatFloat(round3(v/s.f), 'g', -1, 64) + s.p
		}
	}
	last := steps[len(steps)-1]
	return strconv.FormatFloat(round3(v/last.f), 'g', 3, 64) + last.p
}

// round3 keeps three significant digits.
func round3(v float64) float64 {
	if v == 0 {
		return 0
	}
	e := math.Pow(10, 2-math.Floor(math.Log10(math.Abs(v))))
	return math.Round(v*e) / e
}

func esc(s string) string { return html.EscapeString(s) }
