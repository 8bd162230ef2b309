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
	NotImplemented Outcome = "not implemented" // the standard is not declared
	NotRun         Outcome = "not run"         // the run was interrupted first (signal, deadline)
)

// Outcomes lists every outcome in report order.
func Outcomes() []Outcome {
	return []Outcome{Passed, Failed, Errored, Skipped, NotImplemented, NotRun}
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
// failOn failed, errored or was not run (an interrupted run is no pass).
func (r Report) Gate(failOn Level) bool {
	for _, x := range r.Results {
		if (x.Bad() || x.Outcome == NotRun) && x.Level <= failOn {
			return true
		}
	}
	return false
}

// Summary is the closing line: counts of each outcome (not run only when
// there are some).
func (r Report) Summary() string {
	s := fmt.Sprintf("%d passed, %d failed, %d errored, %d skipped, %d not implemented",
		r.Count(Passed), r.Count(Failed), r.Count(Errored), r.Count(Skipped), r.Count(NotImplemented))
	if n := r.Count(NotRun); n > 0 {
		s += fmt.Sprintf(", %d not run", n)
	}
	return s
}

func errorsIsFault(err error) bool { return errors.Is(err, adapters.ErrFault) }
