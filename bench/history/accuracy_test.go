package history_test

import (
	"math"
	"testing"

	"github.com/ctxconform/ctxconform/bench/history"
)

// TestAccuracyGoals scores the detector on a smaller grid than the
// published one (conformance history accuracy: 200 histories per cell) and
// holds it to the goals: recall of at least 0.95 for steps of at
// least twice the noise, at most 0.05 false change points per series, found
// steps located within a run on average; and far fewer false alarms than
// the 110% rule.
func TestAccuracyGoals(t *testing.T) {
	if testing.Short() {
		t.Skip("the accuracy grid takes a few seconds")
	}
	cells, err := history.Accuracy(history.AccuracyOptions{Histories: 60, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := history.Summarize(cells, history.Goals{Recall: 0.95, FalsePerRun: 0.05})
	if !s.Met || s.FalseNoStep > 0.02 || s.MeanLocation > 1 {
		t.Errorf("goals not met: %+v", s)
	}
	if !(s.False110 > 10*s.False) {
		t.Errorf("the 110%% rule's false alarms (%.3f per series) are not far above the detector's (%.3f)", s.False110, s.False)
	}
	// The grid can tell a detector that cries wolf.
	loose, err := history.Accuracy(history.AccuracyOptions{Histories: 20, Seed: 3, Detector: history.Detector{PValue: 0.3}})
	if err != nil {
		t.Fatal(err)
	}
	if ls := history.Summarize(loose, history.Goals{Recall: 0.95, FalsePerRun: 0.05}); ls.Met {
		t.Errorf("a detector at p = 0.3 meets the goals: %+v", ls)
	}
	for _, c := range cells {
		if c.Step >= 0.10 && c.CV <= 0.02 && c.Recall(c.EDivisive) < 0.99 {
			t.Errorf("a %.0f%% step in %.0f%% noise found in %.2f of histories", 100*c.Step, 100*c.CV, c.Recall(c.EDivisive))
		}
		if c.Step == 0 && math.Abs(c.FalsePerSeries(c.EDivisive)) > 0.05 {
			t.Errorf("%+v: %.2f false change points per series without a step", c, c.FalsePerSeries(c.EDivisive))
		}
	}
}
