// Package compare decides whether a change made an implementation slower or
// hungrier: it reads two benchmark result files (base and head) with
// golang.org/x/perf's benchfmt, groups the measurements per benchmark and
// unit with benchproc, and compares the two samples with benchmath, as
// benchstat does: the median and its 95% confidence interval per side, and
// the Mann-Whitney U test for the difference (an exact comparison for units
// the files mark assume=exact).
//
// A row is a regression when the difference is significant (p < alpha, or
// any difference for exact units), the unit says which direction is better,
// the head is worse, and the change exceeds the threshold. Noise is reported,
// not hidden: too few runs for a confidence interval or a significant
// result, a spread wider than the threshold (the run cannot resolve a
// change of that size), values of an exact unit that vary, benchmarks
// present on one side only, and base and head measured on different
// machines or adapters.
package compare

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
	"golang.org/x/perf/benchproc"
	"golang.org/x/perf/benchunit"

	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/internal/bounded"
)

// Options tune a comparison.
type Options struct {
	// Threshold is the smallest change that counts as a regression, as a
	// fraction (0.05 for 5%). A significant change below it is reported but
	// does not gate.
	Threshold float64
	// Alpha is the significance level (default 0.05).
	Alpha float64
	// Confidence is the level of the intervals shown (default 0.95).
	Confidence float64
	// SkipBad drops samples no statistic can use (NaN, ±Inf, negative in a
	// unit that cannot be negative) with a warning naming file and line,
	// instead of refusing the files (format.CheckValues).
	SkipBad bool
}

func (o Options) withDefaults() (Options, error) {
	if o.Alpha == 0 {
		o.Alpha = benchmath.DefaultThresholds.CompareAlpha
	}
	if o.Confidence == 0 {
		o.Confidence = 0.95
	}
	switch {
	case math.IsNaN(o.Threshold) || o.Threshold < 0:
		return o, fmt.Errorf("threshold %v must be a fraction >= 0", o.Threshold)
	case !(o.Alpha > 0 && o.Alpha < 1):
		return o, fmt.Errorf("alpha %v must lie in (0, 1)", o.Alpha)
	case !(o.Confidence > 0 && o.Confidence < 1):
		return o, fmt.Errorf("confidence %v must lie in (0, 1)", o.Confidence)
	}
	return o, nil
}

// Side is one sample's summary.
type Side struct {
	N       int     // runs
	Center  float64 // median (or the exact value)
	Lo, Hi  float64 // confidence interval of the center
	Spread  string  // half-width of the interval relative to the center, e.g. "3%" ("∞" with too few runs)
	Present bool
}

// Row is one benchmark and unit.
type Row struct {
	Benchmark string // full name, GOMAXPROCS suffix included
	Unit      string // tidied unit, e.g. "sec/op"
	Base      Side
	Head      Side
	// Delta is head/base - 1 (NaN when a side is missing or the base is 0).
	Delta float64
	// P is the p-value of the comparison (0 for exact units).
	P float64
	// Significant: the samples differ (p < alpha; exact units: the
	// values differ).
	Significant bool
	// Better is the unit's direction: -1 lower is better, +1 higher is
	// better, 0 neither (the figure describes the workload).
	Better int
	// Regression: significant, worse, beyond the threshold, and clear of
	// the noise: beyond the threshold even between the confidence
	// intervals (the best head against the worst base), or, when a run far
	// from the others widens an interval, by more than the threshold plus
	// twice the runs' robust spread on each side (clearOfSpread). A noisy
	// run cannot fail the gate by itself; a large, significant slowdown
	// is not let through because one run was disturbed.
	Regression bool
	// Wide: a regression whose intervals overlap within the threshold,
	// gated on the runs' spread (clearOfSpread).
	Wide bool
	// Suspect: significant and worse beyond the threshold by the medians,
	// but the intervals come closer than that: reported, not gating.
	Suspect bool
	// Improvement: significant, better, and beyond the threshold.
	Improvement bool
	// Unmeasured says which side's time figures the implementation
	// reported below what its clock can measure (format.KeySelftime),
	// e.g. "head: 6 of 6 runs selftime: zero"; "" when both were
	// measured. Such a row is shown, marked, and never judged.
	Unmeasured string
	// Nonconforming says which side's runs timed answers that fail
	// conformance (format.KeyConformance), e.g. "head: 6 of 6 runs
	// conformance: nonconforming"; "" when every run conformed. Such a row
	// is shown, marked, and judged only when every run of both sides is
	// non-conforming (Mixed otherwise).
	Nonconforming string
	// Mixed: non-conforming runs set against conforming ones; not judged.
	Mixed    bool
	Warnings []string
}

// DeltaText is the change as benchstat writes it: "~" when not
// significant, else a signed percentage; "?" when it cannot be computed.
func (r Row) DeltaText() string {
	switch {
	case !r.Base.Present || !r.Head.Present:
		return ""
	case !r.Significant:
		return "~"
	case r.Base.Center == r.Head.Center:
		return "0.00%"
	case math.IsNaN(r.Delta) || math.IsInf(r.Delta, 0):
		return "?"
	}
	return fmt.Sprintf("%+.2f%%", 100*r.Delta)
}

// Table is a comparison of two files.
type Table struct {
	BaseLabel, HeadLabel string
	Options              Options
	Rows                 []Row // by unit (in first-seen order), then benchmark (in file order)
	Units                []string
	// Geomean is the geometric mean of the centers per unit, over the
	// benchmarks present on both sides with positive centers.
	Geomean map[string][2]float64
	// Ratios: the columns are implementations (ByKey), not base and head
	// runs; the change is shown as the ratio head/base.
	Ratios bool
	// Warnings concern the whole comparison (different machines,
	// benchmarks on one side only, unreadable lines).
	Warnings []string
}

// Regressions returns the rows that gate (none when implementations are
// compared: one being slower than another is not a regression).
func (t *Table) Regressions() []Row {
	if t.Ratios {
		return nil
	}
	var out []Row
	for _, r := range t.Rows {
		if r.Regression {
			out = append(out, r)
		}
	}
	return out
}

// machineKeys are configuration keys that must agree for a comparison to
// measure the code rather than the machine or the implementation.
var machineKeys = []string{"goos", "goarch", "cpu", "go", "adapter", "adapter-version", "adapter-unit"}

// Files compares the results in basePath and headPath. A sample no
// statistic can use is refused with an error naming its file and line
// (see Options.SkipBad).
func Files(basePath, headPath string, opts Options) (*Table, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	for _, p := range []string{basePath, headPath} {
		if err := bounded.Check(p, "a benchmark results file", bounded.Results); err != nil {
			return nil, err
		}
	}
	const base, head = "base", "head"
	files := &benchfmt.Files{Paths: []string{base + "=" + basePath, head + "=" + headPath}, AllowLabels: true}
	recs, warnings, err := collect(files, opts, func(rec *benchfmt.Result) (string, error) {
		return string(rec.GetConfig(".file")), nil
	})
	if err != nil {
		return nil, err
	}
	paths := map[string]string{base: basePath, head: headPath}
	for _, label := range []string{base, head} {
		if !slices.ContainsFunc(recs, func(r record) bool { return r.col == label }) {
			return nil, fmt.Errorf("%s (%s) holds no benchmark results%s", label, paths[label], format.NoResultsWhy(fileWarnings(warnings, paths[label])))
		}
	}
	t, err := build(recs, files.Units(), base, head, machineKeys, false, opts)
	if err != nil {
		return nil, err
	}
	t.BaseLabel, t.HeadLabel = basePath, headPath
	t.Warnings = append(warnings, t.Warnings...)
	return t, nil
}

// results is what benchfmt.Reader and benchfmt.Files have in common.
type results interface {
	Scan() bool
	Result() benchfmt.Record
	Err() error
}

// collect reads every result of rs, admitted (see admit) and cloned, in the
// column that column names. A line that cannot be read (a truncated or
// damaged file) is an error naming its file and line, as in a history;
// with opts.SkipBad a warning.
func collect(rs results, opts Options, column func(*benchfmt.Result) (string, error)) (recs []record, warnings []string, err error) {
	for rs.Scan() {
		switch rec := rs.Result().(type) {
		case *benchfmt.SyntaxError:
			if !opts.SkipBad {
				return nil, nil, fmt.Errorf("%w (a truncated or damaged file? --skip-bad skips such lines)", rec)
			}
			warnings = append(warnings, rec.Error()+" (skipped)")
		case *benchfmt.Result:
			format.Tidy(rec)
			if err := admit(rec, opts, &warnings); err != nil {
				return nil, nil, err
			}
			col, err := column(rec)
			if err != nil {
				return nil, nil, err
			}
			recs = append(recs, record{col: col, res: rec.Clone()})
		}
	}
	return recs, warnings, rs.Err()
}

// admit refuses a result holding a sample no statistic can use (NaN, an
// infinity, a negative value in a unit that cannot be negative) with an
// error naming its file and line; with opts.SkipBad it drops such samples
// and says so in a warning instead.
func admit(rec *benchfmt.Result, opts Options, warnings *[]string) error {
	if opts.SkipBad {
		*warnings = append(*warnings, format.DropBad(rec)...)
		return nil
	}
	if bad := format.CheckValues(rec); bad != nil {
		return fmt.Errorf("%w (--skip-bad drops such values with a warning)", bad)
	}
	return nil
}

// implKeys are configuration keys that describe the implementation: they
// differ on purpose when implementations are compared.
var implKeys = []string{"impl", "adapter", "adapter-version", "adapter-language", "adapter-unit"}

// ByKey compares implementations (or any other groups) instead of runs:
// the results of r, from one file or several concatenated, grouped by the
// value of the configuration key key (e.g. "impl", which `conformance
// bench` writes on every result). base names the group the others are
// compared with; "" takes the first group seen. It returns one table per
// other group, in the order first seen; name is the file name of r in
// messages.
func ByKey(r io.Reader, name, key, base string, opts Options) ([]*Table, error) {
	rd := benchfmt.NewReader(r, name)
	return byKey(rd, rd.Units, name, key, base, opts)
}

// ByKeyFiles is ByKey on the results of the files paths, read one after
// another; messages name the file and line they are about.
func ByKeyFiles(paths []string, key, base string, opts Options) ([]*Table, error) {
	for _, p := range paths {
		if err := bounded.Check(p, "a benchmark results file", bounded.Results); err != nil {
			return nil, err
		}
	}
	files := &benchfmt.Files{Paths: paths}
	units := func() benchfmt.UnitMetadataMap { return files.Units() }
	return byKey(files, units, strings.Join(paths, ", "), key, base, opts)
}

// byKey is ByKey on rs, whose unit metadata units gives once it is read.
func byKey(rs results, units func() benchfmt.UnitMetadataMap, name, key, base string, opts Options) ([]*Table, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	var groups []string
	recs, warnings, err := collect(rs, opts, func(rec *benchfmt.Result) (string, error) {
		g := string(rec.GetConfig(key))
		if g == "" {
			file, line := rec.Pos()
			return "", fmt.Errorf("%s:%d: result %s has no configuration key %q to compare by", file, line, rec.Name.Full(), key)
		}
		if !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
		return g, nil
	})
	if err != nil {
		return nil, err
	}
	if base == "" && len(groups) > 0 {
		base = groups[0]
	}
	if !slices.Contains(groups, base) {
		return nil, fmt.Errorf("%s: no results with %s %q (found %v)", name, key, base, groups)
	}
	if len(groups) < 2 {
		return nil, fmt.Errorf("%s: every result has %s %q: nothing to compare it with", name, key, base)
	}
	var keys []string
	for _, k := range machineKeys {
		if !slices.Contains(implKeys, k) && k != key {
			keys = append(keys, k)
		}
	}
	var out []*Table
	for _, g := range groups {
		if g == base {
			continue
		}
		t, err := build(recs, units(), base, g, keys, true, opts)
		if err != nil {
			return nil, err
		}
		t.BaseLabel, t.HeadLabel, t.Ratios = base, g, true
		t.Warnings = append(slices.Clone(warnings), t.Warnings...)
		out = append(out, t)
	}
	return out, nil
}

// record is one result and the column (file or group) it belongs to.
type record struct {
	col string
	res *benchfmt.Result
}

// build compares the results of column base with those of column head,
// benchmark by benchmark and unit by unit; same lists the configuration
// keys whose difference between the columns is warned about.
func build(recs []record, units benchfmt.UnitMetadataMap, base, head string, same []string, ratios bool, opts Options) (*Table, error) {
	var parser benchproc.ProjectionParser
	rowBy, unitField, err := parser.ParseWithUnit(".fullname", nil)
	if err != nil {
		return nil, err
	}
	t := &Table{Options: opts, Geomean: map[string][2]float64{}}

	type cell struct {
		row benchproc.Key
		col string
	}
	samples := map[cell][]float64{}
	marked := map[cell]map[format.Config]int{} // runs by mark (format.KeySelftime of a time, format.KeyConformance)
	var rows []benchproc.Key
	seenRow := map[benchproc.Key]bool{}
	configs := map[string]map[string]string{} // column → first result's config
	for _, rc := range recs {
		if rc.col != base && rc.col != head {
			continue
		}
		rec := rc.res
		if configs[rc.col] == nil {
			configs[rc.col] = map[string]string{}
			for _, c := range rec.Config {
				if c.File {
					configs[rc.col][c.Key] = string(c.Value)
				}
			}
		}
		for i, row := range rowBy.ProjectValues(rec) {
			if !seenRow[row] {
				seenRow[row] = true
				rows = append(rows, row)
			}
			c := cell{row, rc.col}
			samples[c] = append(samples[c], rec.Values[i].Value)
			for _, m := range format.Marks(rec, row.Get(unitField)) {
				if marked[c] == nil {
					marked[c] = map[format.Config]int{}
				}
				marked[c][m]++
			}
		}
	}
	for _, k := range same {
		b, h := configs[base][k], configs[head][k]
		if b != h {
			t.Warnings = append(t.Warnings, fmt.Sprintf("base and head differ in %s (%q vs %q): the comparison measures that difference as well as the change", k, b, h))
		}
	}
	nameField := rowBy.Fields()[0]
	oneSided := map[string]string{}
	twoSided := map[string]bool{}
	for _, row := range rows {
		unit := row.Get(unitField)
		r := compareCell(row.Get(nameField), unit, samples[cell{row, base}], samples[cell{row, head}], units, opts)
		markRow(&r, map[string]map[format.Config]int{"base": marked[cell{row, base}], "head": marked[cell{row, head}]},
			map[string]int{"base": r.Base.N, "head": r.Head.N}, map[string]string{"base": base, "head": head}, ratios)
		switch {
		case !r.Base.Present:
			oneSided[r.Benchmark] = "head"
		case !r.Head.Present:
			oneSided[r.Benchmark] = "base"
		default:
			twoSided[r.Benchmark] = true
		}
		if ratios && !(r.Base.Present && r.Head.Present) {
			continue // implementations side by side: only what both report
		}
		if !slices.Contains(t.Units, unit) {
			t.Units = append(t.Units, unit)
		}
		t.Rows = append(t.Rows, r)
	}
	names := make([]string, 0, len(oneSided))
	for n := range oneSided {
		if !twoSided[n] {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		who := map[string]string{"base": base, "head": head}[oneSided[n]]
		if !ratios {
			who = oneSided[n]
		}
		t.Warnings = append(t.Warnings, fmt.Sprintf("%s is only in %s: not compared", n, who))
	}
	slices.SortStableFunc(t.Rows, func(a, b Row) int {
		return cmp.Compare(slices.Index(t.Units, a.Unit), slices.Index(t.Units, b.Unit))
	})
	t.geomeans()
	return t, nil
}

// compareCell summarizes and compares one benchmark's samples in one unit.
func compareCell(name, unit string, baseVals, headVals []float64, units benchfmt.UnitMetadataMap, opts Options) Row {
	r := Row{Benchmark: name, Unit: unit, Delta: math.NaN(), Better: better(units, unit)}
	assume := units.GetAssumption(unit)
	th := &benchmath.Thresholds{CompareAlpha: opts.Alpha}
	var bs, hs *benchmath.Sample
	summarize := func(vals []float64, side *Side, who string) *benchmath.Sample {
		if len(vals) == 0 {
			return nil
		}
		s := benchmath.NewSample(vals, th)
		sum := assume.Summary(s, opts.Confidence)
		*side = Side{N: len(vals), Center: sum.Center, Lo: sum.Lo, Hi: sum.Hi, Spread: sum.PctRangeString(), Present: true}
		for _, w := range sum.Warnings {
			r.Warnings = append(r.Warnings, who+": "+w.Error())
		}
		if half := halfWidth(sum); assume != benchmath.AssumeExact && !math.IsInf(half, 0) && opts.Threshold > 0 && half > opts.Threshold {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s: high variance: ±%.0f%% exceeds the %.0f%% threshold, a change that small cannot be told from noise",
				who, 100*half, 100*opts.Threshold))
		}
		return s
	}
	bs = summarize(baseVals, &r.Base, "base")
	hs = summarize(headVals, &r.Head, "head")
	if bs == nil || hs == nil {
		return r
	}
	c := assume.Compare(bs, hs)
	for _, w := range c.Warnings {
		r.Warnings = append(r.Warnings, w.Error())
	}
	r.P = c.P
	if assume == benchmath.AssumeExact {
		r.Significant = r.Base.Center != r.Head.Center
	} else {
		r.Significant = c.P < c.Alpha
	}
	if r.Base.Center != 0 {
		r.Delta = r.Head.Center/r.Base.Center - 1
	} else if r.Head.Center == 0 {
		r.Delta = 0
	}
	if r.Significant && r.Better != 0 && r.Base.Center != r.Head.Center {
		worse := (r.Head.Center > r.Base.Center) == (r.Better < 0)
		beyond := math.IsNaN(r.Delta) || math.Abs(r.Delta) > opts.Threshold
		sep := beyond && separated(r, opts.Threshold)
		sb, sh := robustSpread(baseVals), robustSpread(headVals)
		wide := beyond && !sep && clearOfSpread(r.Delta, opts.Threshold, sb, sh)
		clear := sep || wide
		r.Regression = worse && clear
		r.Wide = r.Regression && wide
		r.Suspect = worse && beyond && !clear
		r.Improvement = !worse && clear
		th := fmt.Sprintf("%.3g%%", 100*opts.Threshold)
		sc := benchunit.CommonScale([]float64{r.Base.Lo, r.Base.Hi, r.Head.Lo, r.Head.Hi}, benchunit.ClassOf(unit))
		intervals := fmt.Sprintf("95%% intervals: base %s to %s, head %s to %s", sc.Format(r.Base.Lo), sc.Format(r.Base.Hi), sc.Format(r.Head.Lo), sc.Format(r.Head.Hi))
		switch {
		case r.Wide:
			r.Warnings = append(r.Warnings, fmt.Sprintf("worse by %s%s by the medians, significant (p = %.2g), with wide intervals (%s) from a run far from the others; the change is far beyond the runs' spread (±%.1f%% base, ±%.1f%% head): gated as a regression",
				r.DeltaText(), times(r), r.P, intervals, 100*sb, 100*sh))
		case r.Suspect:
			r.Warnings = append(r.Warnings, fmt.Sprintf("worse by %s%s by the medians and significant (p = %.2g), but the runs spread too widely to show that it passes the %s threshold (%s; spread ±%.1f%% base, ±%.1f%% head): a possible regression, not gating (run more, or on a quieter machine)",
				r.DeltaText(), times(r), r.P, th, intervals, 100*sb, 100*sh))
		}
	}
	return r
}

// markRow marks r when either side holds marked runs (marks: runs by
// mark, per side; n: the side's runs; label: the side's name in a
// side-by-side table), and says so in a warning. A time the implementation
// reported below what its clock can measure (format.KeySelftime) is not
// judged; runs that timed wrong answers (format.KeyConformance) are judged
// only against runs that timed wrong answers too, on both sides and every
// run: a mix is not judged (Mixed).
func markRow(r *Row, marks map[string]map[format.Config]int, n map[string]int, label map[string]string, ratios bool) {
	parts := map[string][]string{}
	wrongSides := 0
	for _, side := range []string{"base", "head"} {
		name := side
		if ratios {
			name = label[side]
		}
		for _, m := range slices.SortedFunc(maps.Keys(marks[side]), func(a, b format.Config) int { return cmp.Compare(a.Key+a.Value, b.Key+b.Value) }) {
			parts[m.Key] = append(parts[m.Key], fmt.Sprintf("%s: %d of %d runs %s: %s", name, marks[side][m], n[side], m.Key, m.Value))
			if m.Key == format.KeyConformance && marks[side][m] == n[side] {
				wrongSides++
			}
		}
	}
	unjudged := func() { r.Regression, r.Wide, r.Suspect, r.Improvement = false, false, false, false }
	if p := parts[format.KeySelftime]; len(p) > 0 {
		r.Unmeasured = strings.Join(p, "; ")
		unjudged()
		r.Warnings = append(r.Warnings, r.Unmeasured+": the implementation reported less time than its clock can measure (zero, or under its resolution), so these figures are not a measurement and the change is not judged")
	}
	if p := parts[format.KeyConformance]; len(p) > 0 {
		r.Nonconforming = strings.Join(p, "; ")
		if wrongSides < 2 {
			r.Mixed = true
			unjudged()
			r.Warnings = append(r.Warnings, r.Nonconforming+": runs whose answers fail conformance (timed with bench --time-nonconforming) set against runs whose answers conform: the figures time different work, so the change is not judged")
		} else {
			r.Warnings = append(r.Warnings, r.Nonconforming+": every run on both sides timed answers that fail conformance (bench --time-nonconforming): the change is judged, between wrong answers")
		}
	}
}

// robustSpread is the runs' spread around their median, robust to a run
// far from the others: the median absolute deviation scaled to a normal
// standard deviation (×1.4826), relative to the median (0 for a median of
// 0 or fewer than 3 runs, whose spread the intervals already say is
// unknown).
func robustSpread(vals []float64) float64 {
	if len(vals) < 3 {
		return math.Inf(1)
	}
	m := bench.Median(vals)
	if m == 0 {
		return math.Inf(1)
	}
	dev := make([]float64, len(vals))
	for i, v := range vals {
		dev[i] = math.Abs(v - m)
	}
	return 1.4826 * bench.Median(dev) / math.Abs(m)
}

// clearOfSpread reports whether a change of delta by the medians stays
// beyond the threshold by more than twice the runs' robust spread on each
// side (sb, sh): then the intervals' overlap comes from a few runs far
// from the others, not from the runs as a whole.
func clearOfSpread(delta, threshold, sb, sh float64) bool {
	if math.IsNaN(delta) || math.IsInf(sb, 0) || math.IsInf(sh, 0) {
		return false
	}
	return math.Abs(delta)-threshold > 2*(sb+sh)
}

// times is " (6.7× the base)" for a change of a factor of 2 or more
// either way, else "".
func times(r Row) string {
	if r.Base.Center == 0 {
		return ""
	}
	if f := r.Head.Center / r.Base.Center; f >= 2 || f <= 0.5 {
		return fmt.Sprintf(" (%.3g× the base)", f)
	}
	return ""
}

// separated reports whether the change stays beyond the threshold between
// the confidence intervals: for a rise, head.Lo > base.Hi·(1+threshold);
// for a fall, head.Hi < base.Lo·(1-threshold). Intervals that are infinite (too few
// runs) cannot say; the medians decide then, with a warning already given.
func separated(r Row, threshold float64) bool {
	b, h := r.Base, r.Head
	if math.IsInf(b.Lo, 0) || math.IsInf(b.Hi, 0) || math.IsInf(h.Lo, 0) || math.IsInf(h.Hi, 0) {
		return true
	}
	if r.Head.Center > r.Base.Center {
		return h.Lo > b.Hi*(1+threshold) || (b.Hi == 0 && h.Lo > 0)
	}
	return h.Hi < b.Lo*(1-threshold)
}

// halfWidth is the larger distance from the center to an end of the
// interval, relative to the center (as benchmath's PctRangeString).
func halfWidth(s benchmath.Summary) float64 {
	if math.IsInf(s.Lo, 0) || math.IsInf(s.Hi, 0) {
		return math.Inf(1)
	}
	if s.Center == 0 {
		return 0
	}
	return math.Abs(math.Max(s.Hi/s.Center-1, 1-s.Lo/s.Center))
}

// better is the unit's direction: the file's "better" metadata, else the
// benchmark catalogue's, else benchfmt's built-in defaults.
func better(units benchfmt.UnitMetadataMap, unit string) int {
	if units.Get(unit, "better") != nil {
		return units.GetBetter(unit)
	}
	for _, u := range bench.Units() {
		if tidy(u.Name) == unit {
			return u.Better
		}
	}
	return units.GetBetter(unit)
}

// tidy is a unit as benchfmt's reader stores it ("sec/op" for "ns/op").
func tidy(unit string) string {
	_, u := benchunit.Tidy(1, unit)
	return u
}

func (t *Table) geomeans() {
	type acc struct {
		logB, logH float64
		n          int
	}
	sums := map[string]*acc{}
	for _, r := range t.Rows {
		if !r.Base.Present || !r.Head.Present || r.Base.Center <= 0 || r.Head.Center <= 0 {
			continue
		}
		if r.Unmeasured != "" || r.Mixed {
			continue // not judged (markRow), so not in the mean either
		}
		a := sums[r.Unit]
		if a == nil {
			a = &acc{}
			sums[r.Unit] = a
		}
		a.logB += math.Log(r.Base.Center)
		a.logH += math.Log(r.Head.Center)
		a.n++
	}
	for u, a := range sums {
		if a.n > 1 {
			t.Geomean[u] = [2]float64{math.Exp(a.logB / float64(a.n)), math.Exp(a.logH / float64(a.n))}
		}
	}
}

// fileWarnings are the warnings among warnings about the file path (they
// begin "path:line:").
func fileWarnings(warnings []string, path string) []string {
	var out []string
	for _, w := range warnings {
		if strings.HasPrefix(w, path+":") {
			out = append(out, w)
		}
	}
	return out
}
