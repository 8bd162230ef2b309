package history

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Synthetic describes a generated history of one series: a level of 1000
// with noise of coefficient of variation CV (normal, or Student's t with 3
// degrees of freedom scaled to the same standard deviation when Heavy),
// rising by Step (0.05 for 5%) from run At on (no step when Step is 0).
type Synthetic struct {
	Runs  int
	CV    float64
	Heavy bool
	Step  float64
	At    int
}

// Generate draws the series.
func (s Synthetic) Generate(rng *rand.Rand) []float64 {
	x := make([]float64, s.Runs)
	for i := range x {
		level := 1000.0
		if s.Step != 0 && i >= s.At {
			level *= 1 + s.Step
		}
		e := rng.NormFloat64()
		if s.Heavy {
			// t(3) = Z / sqrt(chi2(3)/3); its variance is 3.
			chi := 0.0
			for range 3 {
				g := rng.NormFloat64()
				chi += g * g
			}
			e = e / math.Sqrt(chi/3) / math.Sqrt(3)
		}
		x[i] = math.Max(1, level*(1+s.CV*e))
	}
	return x
}

// Detect returns the change points Analyse would report for x: the
// significant splits whose medians differ by at least the minimum change.
func (d Detector) Detect(x []float64, seed uint64) ([]Split, error) {
	d, err := d.withDefaults()
	if err != nil {
		return nil, err
	}
	return keepLarge(x, d.splits(x, seed), d.MinChange), nil
}

// ThresholdRule is the alarm of the common CI benchmark actions: run i is
// flagged when its value exceeds Ratio times the previous run's (1.10 for
// "110% of the previous run").
func ThresholdRule(x []float64, ratio float64) []int {
	var out []int
	for i := 1; i < len(x); i++ {
		if x[i] > ratio*x[i-1] {
			out = append(out, i)
		}
	}
	return out
}

// AccuracyOptions set the synthetic grid of Accuracy.
type AccuracyOptions struct {
	Runs      int       // runs per history (60)
	Histories int       // histories per cell (200)
	CVs       []float64 // noise levels (2%, 5%, 10%)
	Steps     []float64 // step sizes, 0 for none (0, 3%, 5%, 10%, 20%)
	Margin    int       // a step lies at least this many runs from either end (10)
	Tolerance int       // a change point within this many runs of the step finds it (2)
	Seed      uint64
	Detector  Detector
}

func (o AccuracyOptions) withDefaults() AccuracyOptions {
	if o.Runs == 0 {
		o.Runs = 60
	}
	if o.Histories == 0 {
		o.Histories = 200
	}
	if o.CVs == nil {
		o.CVs = []float64{0.02, 0.05, 0.10}
	}
	if o.Steps == nil {
		o.Steps = []float64{0, 0.03, 0.05, 0.10, 0.20}
	}
	if o.Margin == 0 {
		o.Margin = 10
	}
	if o.Tolerance == 0 {
		o.Tolerance = 2
	}
	return o
}

// Score is how one method did on one cell of the grid.
type Score struct {
	Found    int // histories with a step where a change point lies within the tolerance
	Located  int // of those, the nearest change point's distance, summed (for the mean)
	False    int // change points (or alarms) not within the tolerance of a step
	Exact    int // histories whose nearest change point is exactly at the step
	Resolved int // histories analysed
}

// Cell is one combination of noise, CV and step.
type Cell struct {
	Heavy     bool
	CV, Step  float64
	Histories int
	EDivisive Score
	Rule110   Score
}

// Recall is the share of histories whose step was found (NaN without a
// step).
func (c Cell) Recall(s Score) float64 {
	if c.Step == 0 {
		return math.NaN()
	}
	return float64(s.Found) / float64(c.Histories)
}

// FalsePerSeries is the false change points per history.
func (c Cell) FalsePerSeries(s Score) float64 { return float64(s.False) / float64(c.Histories) }

// Accuracy scores the detector, and the 110%-of-the-previous-run rule
// beside it, on synthetic histories: for each noise shape (normal, heavy
// tailed), CV and step, Histories series of Runs runs with the step at a
// random run at least Margin from either end. A step is found when a
// change point (an alarm, for the rule) lies within Tolerance runs of it;
// every other change point is false.
func Accuracy(o AccuracyOptions) ([]Cell, error) {
	o = o.withDefaults()
	if _, err := o.Detector.withDefaults(); err != nil {
		return nil, err
	}
	if o.Runs < 2*o.Margin+1 {
		return nil, fmt.Errorf("%d runs leave no room for a step %d runs from either end", o.Runs, o.Margin)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x5eed))
	var cells []Cell
	for _, heavy := range []bool{false, true} {
		for _, cv := range o.CVs {
			for _, step := range o.Steps {
				c := Cell{Heavy: heavy, CV: cv, Step: step, Histories: o.Histories}
				for h := range o.Histories {
					at := o.Margin + rng.IntN(o.Runs-2*o.Margin+1)
					x := Synthetic{Runs: o.Runs, CV: cv, Heavy: heavy, Step: step, At: at}.Generate(rng)
					splits, err := o.Detector.Detect(x, uint64(h))
					if err != nil {
						return nil, err
					}
					var idx []int
					for _, s := range splits {
						idx = append(idx, s.Index)
					}
					score(&c.EDivisive, idx, step != 0, at, o.Tolerance)
					score(&c.Rule110, ThresholdRule(x, 1.10), step != 0, at, o.Tolerance)
				}
				cells = append(cells, c)
			}
		}
	}
	return cells, nil
}

func score(s *Score, found []int, hasStep bool, at, tol int) {
	s.Resolved++
	nearest := -1
	for _, i := range found {
		d := abs(i - at)
		if hasStep && d <= tol {
			if nearest < 0 || d < nearest {
				nearest = d
			}
			continue
		}
		s.False++
	}
	if nearest >= 0 {
		// Several hits near one step: one finds it, the rest are false.
		hits := 0
		for _, i := range found {
			if abs(i-at) <= tol {
				hits++
			}
		}
		s.False += hits - 1
		s.Found++
		s.Located += nearest
		if nearest == 0 {
			s.Exact++
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Goals are the targets of the detector on the accuracy grid.
type Goals struct {
	Recall      float64 // at least, for steps of at least twice the CV (0.95)
	FalsePerRun float64 // at most, false change points per series (0.05)
}

// Summary is the grid's outcome against the goals.
type Summary struct {
	RecallBig, Recall110Big float64 // recall over cells with step >= 2·CV
	MinRecallBig            float64 // the least recall of one such cell
	MinRecallCell           string  // and which
	False, False110         float64 // false change points per series, every cell
	FalseNoStep             float64 // false change points per series with no step
	MeanLocation            float64 // mean distance of a found step's nearest change point
	Met                     bool
}

// Summarize scores the grid against the goals.
func Summarize(cells []Cell, g Goals) Summary {
	s := Summary{MinRecallBig: 1}
	var bigN, bigF, big110, n, f, f110, nsN, nsF, found, loc int
	for _, c := range cells {
		n += c.Histories
		f += c.EDivisive.False
		f110 += c.Rule110.False
		if c.Step == 0 {
			nsN += c.Histories
			nsF += c.EDivisive.False
		}
		if c.Step != 0 && c.Step >= 2*c.CV-1e-9 {
			bigN += c.Histories
			bigF += c.EDivisive.Found
			big110 += c.Rule110.Found
			if r := c.Recall(c.EDivisive); r < s.MinRecallBig {
				noise := "normal"
				if c.Heavy {
					noise = "t(3)"
				}
				s.MinRecallBig, s.MinRecallCell = r, fmt.Sprintf("%s noise, CV %.0f%%, step %.0f%%", noise, 100*c.CV, 100*c.Step)
			}
		}
		found += c.EDivisive.Found
		loc += c.EDivisive.Located
	}
	s.RecallBig = float64(bigF) / float64(max(bigN, 1))
	s.Recall110Big = float64(big110) / float64(max(bigN, 1))
	s.False = float64(f) / float64(max(n, 1))
	s.False110 = float64(f110) / float64(max(n, 1))
	s.FalseNoStep = float64(nsF) / float64(max(nsN, 1))
	s.MeanLocation = float64(loc) / float64(max(found, 1))
	s.Met = s.RecallBig >= g.Recall && s.False <= g.FalsePerRun
	return s
}

// WriteAccuracy prints the grid and the summary as a table (Markdown when
// markdown is set).
func WriteAccuracy(w io.Writer, cells []Cell, o AccuracyOptions, g Goals, markdown bool) error {
	o = o.withDefaults()
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAutoWrap(tw.WrapNone)}
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	} else {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewBlueprint()))
	}
	fmt.Fprintf(w, "Synthetic histories: %d runs, %d per cell, step at a random run %d or more from either end, found within ±%d runs.\n\n",
		o.Runs, o.Histories, o.Margin, o.Tolerance)
	tb := tablewriter.NewTable(w, opts...)
	tb.Header("noise", "CV", "step", "E-div recall", "E-div false/series", "E-div mean distance (runs)", "110% recall", "110% false/series")
	pct := func(v float64) string {
		if math.IsNaN(v) {
			return "—"
		}
		return fmt.Sprintf("%.2f", v)
	}
	for _, c := range cells {
		noise := "normal"
		if c.Heavy {
			noise = "t(3)"
		}
		step := "none"
		if c.Step != 0 {
			step = fmt.Sprintf("%.0f%%", 100*c.Step)
		}
		loc := "—"
		if c.EDivisive.Found > 0 {
			loc = fmt.Sprintf("%.2f", float64(c.EDivisive.Located)/float64(c.EDivisive.Found))
		}
		if err := tb.Append(noise, fmt.Sprintf("%.0f%%", 100*c.CV), step,
			pct(c.Recall(c.EDivisive)), pct(c.FalsePerSeries(c.EDivisive)), loc,
			pct(c.Recall(c.Rule110)), pct(c.FalsePerSeries(c.Rule110))); err != nil {
			return err
		}
	}
	if err := tb.Render(); err != nil {
		return err
	}
	s := Summarize(cells, g)
	verdict := "MET"
	if !s.Met {
		verdict = "NOT MET"
	}
	fmt.Fprintf(w, "\nSteps >= 2x CV: recall %.3f (goal >= %.2f); 110%% rule %.3f. Least in one cell: %.3f (%s).\n",
		s.RecallBig, g.Recall, s.Recall110Big, s.MinRecallBig, s.MinRecallCell)
	fmt.Fprintf(w, "False change points per series: %.3f over every history, %.3f with no step (goal <= %.2f); 110%% rule %.3f.\n", s.False, s.FalseNoStep, g.FalsePerRun, s.False110)
	fmt.Fprintf(w, "Mean distance of a found step's change point: %.2f runs.\nGoals: %s.\n", s.MeanLocation, verdict)
	fmt.Fprintln(w, "The 110% rule's recall in noisy cells is its alarms landing near the step by chance: see its false alarms.")
	return nil
}
