package suite

import (
	"errors"
	"fmt"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
)

// Outcome is the verdict on one requirement.
type Outcome string

const (
	Passed         Outcome = "passed"
	Failed         Outcome = "failed"          // the implementation answered wrongly
	Errored        Outcome = "errored"         // it crashed, hung or answered garbage
	Skipped        Outcome = "skipped"         // the check could not apply (reason given)
	Inconclusive   Outcome = "inconclusive"    // it ran but showed nothing (both arms alike, every case discarded); gates as a skip
	NotImplemented Outcome = "not implemented" // the standard is not declared
	NotRun         Outcome = "not run"         // the run was interrupted first (signal, deadline)
)

// Outcomes lists every outcome in report order.
func Outcomes() []Outcome {
	return []Outcome{Passed, Failed, Errored, Skipped, Inconclusive, NotImplemented, NotRun}
}

// Result is the outcome of one requirement.
type Result struct {
	ID       string            `json:"id"`
	Standard adapters.Standard `json:"standard"`
	Section  string            `json:"section"`
	Level    Level             `json:"level"`
	Title    string            `json:"title"`
	Kind     Kind              `json:"kind"`
	Quote    string            `json:"quote,omitempty"` // the standard's sentence(s) a MUST or SHOULD enforces
	Outcome  Outcome           `json:"outcome"`
	Message  string            `json:"message,omitempty"`
	Logs     []string          `json:"logs,omitempty"`
	Notes    []string          `json:"notes,omitempty"` // figures shown whatever the outcome
	Duration time.Duration     `json:"duration_ns"`
	// Replay holds the failing case of a FAIL or ERROR, to send it again.
	Replay *Replay `json:"replay,omitempty"`
	// Message holds every failure of the requirement; Brief, when set, is
	// its first few, which the terminal shows followed by the count of the
	// More it leaves out and where they are (see Short). Neither is kept
	// in the JSON report, which holds Message whole.
	Brief string `json:"-"`
	More  int    `json:"-"`
	// ReplayFile is where the run wrote Replay, once written.
	ReplayFile string `json:"-"`
	// Unimplemented names the operation a NotImplemented result needed and
	// the implementation answered not_implemented (its standard declared);
	// empty when the whole standard is not declared.
	Unimplemented string `json:"unimplemented,omitempty"`
	// Because lists the requirements whose failure, in the same run, this
	// failure would follow from: the one its check repeats
	// (Requirement.Repeats) and those its failing answer was shown to
	// break too (T.ImpliedBy). FollowsFrom is the one it follows from,
	// once Report.Settle found it failed; such a failure is not counted
	// again (see Report.Counted).
	Because     []string `json:"because,omitempty"`
	FollowsFrom string   `json:"follows_from,omitempty"`
}

// Bad reports whether the result is a failure or an error.
func (r Result) Bad() bool { return r.Outcome == Failed || r.Outcome == Errored }

// Report is a whole run against one adapter.
type Report struct {
	Adapter adapters.Info `json:"adapter"`
	Seed    int64         `json:"seed"`
	Level   Level         `json:"level"`
	Started time.Time     `json:"started"`
	Elapsed time.Duration `json:"elapsed_ns"`
	Results []Result      `json:"results"`

	// Shard is the share of the selection this run checked (--shard); nil
	// for the whole selection.
	Shard *Shard `json:"shard,omitempty"`
	// Interrupted says why the run stopped before the end (a signal, the
	// whole run's deadline); the requirements it did not finish are NotRun.
	Interrupted string `json:"interrupted,omitempty"`
}

// Count is how many results have outcome o.
func (r Report) Count(o Outcome) int {
	n := 0
	for _, x := range r.Results {
		if x.Outcome == o {
			n++
		}
	}
	return n
}

// Gate reports whether the run must fail: a requirement at or below level
// failOn failed or errored, and counts (a failure that follows from
// another gated one does not: Counted), or was not run (an interrupted run
// is no pass).
func (r Report) Gate(failOn Level) bool {
	for _, x := range r.Results {
		if x.Outcome == NotRun && x.Level <= failOn {
			return true
		}
	}
	return len(r.Counted(failOn)) > 0
}

// Summary is the closing line: counts of each outcome (inconclusive and not
// run only when there are some; how many failures follow from another when
// some do), then each standard implemented only in part.
func (r Report) Summary() string {
	s := fmt.Sprintf("%d passed, %d failed", r.Count(Passed), r.Count(Failed))
	n := 0
	for _, x := range r.Followers() {
		if !r.Counts(x, x.Level) { // its root, as binding, stands for it
			n++
		}
	}
	if n > 0 {
		s += fmt.Sprintf(" (%d of them following from another failure, not counted again)", n)
	}
	s += fmt.Sprintf(", %d errored, %d skipped, %d not implemented", r.Count(Errored), r.Count(Skipped), r.Count(NotImplemented))
	if n := r.Count(Inconclusive); n > 0 {
		s += fmt.Sprintf(", %d inconclusive", n)
	}
	if n := r.Count(NotRun); n > 0 {
		s += fmt.Sprintf(", %d not run", n)
	}
	for _, p := range r.Partials() {
		s += "; " + p.String()
	}
	return s
}

func errorsIsFault(err error) bool { return errors.Is(err, adapters.ErrFault) }

// Short is the message as the terminal shows it: whole, or its first
// failures and how many more there are and where they are kept (the replay
// file once written, else the JSON report).
func (r Result) Short() string {
	if r.Brief == "" || r.More == 0 {
		return r.Message
	}
	where := "the JSON report (--json) and the replay file hold them all"
	if r.ReplayFile != "" {
		where = "see the replay file " + r.ReplayFile
	}
	return fmt.Sprintf("%s\n(and %d more: %s)", r.Brief, r.More, where)
}
