package reports

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/suite"
)

// DiffFormat is the "format" of a JSON diff (DiffJSON).
const DiffFormat = "ctxconform-diff/1"

// ChangeKind says how a requirement's verdict moved from the old report to
// the new one.
type ChangeKind string

// The kinds of change, in the order the renderings list them. A move
// between outcomes that none of the named kinds describes (to or from an
// outcome added later, passed to skipped, anything to not run) is Changed.
const (
	NewFailure         ChangeKind = "new failure"           // now failed, was anything else (or absent)
	NewlyErrored       ChangeKind = "newly errored"         // now errored, was anything else (or absent)
	NewlyNotImpl       ChangeKind = "newly not implemented" // now not implemented, was anything else
	Changed            ChangeKind = "changed"               // any other change of outcome
	MessageChanged     ChangeKind = "message changed"       // the same bad outcome with another message
	Fixed              ChangeKind = "fixed"                 // passes now; failed, errored or was not run
	AddedRequirement   ChangeKind = "added"                 // only in the new report, and not failing
	RemovedRequirement ChangeKind = "removed"               // only in the old report
)

// changeKinds lists the kinds in rendering order.
var changeKinds = []ChangeKind{NewFailure, NewlyErrored, NewlyNotImpl, Changed, MessageChanged, Fixed, AddedRequirement, RemovedRequirement}

// ChangeKinds lists every kind of change in the order renderings use.
func ChangeKinds() []ChangeKind { return slices.Clone(changeKinds) }

// A Change is one requirement whose verdict differs between two runs.
type Change struct {
	ID         string        `json:"id"`
	Standard   string        `json:"standard"`
	Level      suite.Level   `json:"level"`
	Title      string        `json:"title"`
	Kind       ChangeKind    `json:"kind"`
	Old        suite.Outcome `json:"old,omitempty"` // "" when the old run did not check it
	New        suite.Outcome `json:"new,omitempty"` // "" when the new run did not check it
	OldMessage string        `json:"old_message,omitempty"`
	NewMessage string        `json:"new_message,omitempty"`
	// Gates is true when the change makes the diff fail at its --fail-on
	// level: see Regression.
	Gates bool `json:"gates"`
}

// RunDiff is the difference between one run of the old report and the
// matching run of the new one.
type RunDiff struct {
	Old       string   `json:"old"` // the runs' names (Run.Name)
	New       string   `json:"new"`
	Notes     []string `json:"notes,omitempty"` // what makes the runs less comparable (seed, level, shard)
	Changes   []Change `json:"changes"`
	Unchanged int      `json:"unchanged"` // requirements with the same outcome (and message, if bad)
}

// Diff is the comparison of two reports, run by run.
type Diff struct {
	Format string      `json:"format"`
	OldSrc string      `json:"old_file,omitempty"`
	NewSrc string      `json:"new_file,omitempty"`
	FailOn suite.Level `json:"fail_on"`
	Runs   []RunDiff   `json:"runs"`
	// Regressions is how many changes gate (Change.Gates).
	Regressions int `json:"regressions"`
}

// Failed reports whether the diff fails its gate: a change at or below
// FailOn made a requirement worse.
func (d Diff) Failed() bool { return d.Regressions > 0 }

// failsGate reports whether a result of outcome o fails a run's gate, as
// suite.Report.Gate judges it (failed, errored, not run, and whatever
// outcome that rule comes to include).
func failsGate(o suite.Outcome) bool {
	return suite.Report{Results: []suite.Result{{Outcome: o, Level: suite.Must}}}.Gate(suite.Must)
}

// Regression reports whether a requirement that moved from old to new
// outcome got worse: it now fails the run's gate (failed, errored, not run)
// where it did not, or was not checked; or it is now not implemented where
// it was checked (a standard no longer declared). A move between two
// gate-failing outcomes (failed to errored) is listed but is no regression:
// the requirement was failing already.
func Regression(prev, cur suite.Outcome) bool {
	switch {
	case prev == cur:
		return false
	case failsGate(cur):
		return !failsGate(prev)
	case cur == suite.NotImplemented:
		return prev != ""
	}
	return false
}

// kind names the change from old to new ("" for absent).
func kind(prev, cur suite.Outcome, oldMsg, newMsg string) (ChangeKind, bool) {
	switch {
	case cur == "":
		return RemovedRequirement, true
	case prev == cur:
		if failsGate(cur) && suite.Verdict(oldMsg) != suite.Verdict(newMsg) { // not where a case came from
			return MessageChanged, true
		}
		return "", false
	case cur == suite.Failed:
		return NewFailure, true
	case cur == suite.Errored:
		return NewlyErrored, true
	case cur == suite.NotImplemented && prev != "":
		return NewlyNotImpl, true
	case prev == "":
		return AddedRequirement, true
	case cur == suite.Passed && failsGate(prev):
		return Fixed, true
	}
	return Changed, true
}

// DiffRuns compares two runs requirement by requirement. Changes come in
// the order of ChangeKinds, then in catalogue order; a change gates when
// it is a Regression of a requirement at or below failOn (its level in the
// new run).
func DiffRuns(prev, cur Run, failOn suite.Level) RunDiff {
	d := RunDiff{Old: prev.Name(), New: cur.Name(), Changes: []Change{}}
	d.Notes = runNotes(prev, cur)
	before := map[string]suite.Result{}
	for _, r := range prev.Results {
		before[r.ID] = r
	}
	seen := map[string]bool{}
	var results []suite.Result // every requirement of either run, in catalogue order
	for _, r := range cur.Results {
		seen[r.ID] = true
		results = append(results, r)
	}
	for _, r := range prev.Results {
		if !seen[r.ID] {
			results = append(results, r)
		}
	}
	suite.SortResults(results)
	after := map[string]suite.Result{}
	for _, r := range cur.Results {
		after[r.ID] = r
	}
	for _, r := range results {
		o, wasThere := before[r.ID]
		n, isThere := after[r.ID]
		var oldOut, newOut suite.Outcome
		if wasThere {
			oldOut = o.Outcome
		}
		if isThere {
			newOut = n.Outcome
		}
		k, changed := kind(oldOut, newOut, o.Message, n.Message)
		if !changed {
			d.Unchanged++
			continue
		}
		c := Change{ID: r.ID, Standard: string(r.Standard), Level: r.Level, Title: r.Title, Kind: k,
			Old: oldOut, New: newOut, OldMessage: o.Message, NewMessage: n.Message}
		c.Gates = isThere && n.Level <= failOn && Regression(oldOut, newOut)
		d.Changes = append(d.Changes, c)
	}
	slices.SortStableFunc(d.Changes, func(a, b Change) int {
		return cmp.Compare(slices.Index(changeKinds, a.Kind), slices.Index(changeKinds, b.Kind))
	})
	return d
}

// runNotes says what makes two runs less comparable than the same run
// twice: verdicts of properties depend on the seed, the level and a shard
// decide which requirements were checked, an interrupted run did not
// finish.
func runNotes(prev, cur Run) []string {
	var notes []string
	if prev.Seed != cur.Seed {
		notes = append(notes, fmt.Sprintf("seeds differ (%d, then %d): generated cases differ", prev.Seed, cur.Seed))
	}
	if prev.Level != cur.Level {
		notes = append(notes, fmt.Sprintf("levels differ (%s, then %s)", prev.Level.Label(), cur.Level.Label()))
	}
	if (prev.Shard == nil) != (cur.Shard == nil) || prev.Shard != nil && *prev.Shard != *cur.Shard {
		notes = append(notes, fmt.Sprintf("shards differ (%s, then %s)", shardName(prev.Shard), shardName(cur.Shard)))
	}
	for _, x := range []struct {
		which string
		run   Run
	}{{"old", prev}, {"new", cur}} {
		if x.run.Interrupted != "" {
			notes = append(notes, fmt.Sprintf("the %s run was cut short (%s)", x.which, x.run.Interrupted))
		}
	}
	return notes
}

func shardName(s *suite.Shard) string {
	if s == nil {
		return "whole"
	}
	return s.String()
}

// DiffReports compares the runs of two reports. With one run on each side
// they are compared whatever their adapters (this build against the last,
// one implementation against another); with several, runs are matched by
// label, else adapter name (not version), and a run without its match is an
// error naming it.
func DiffReports(prev, cur []Run, failOn suite.Level) (Diff, error) {
	d := Diff{Format: DiffFormat, FailOn: failOn, Runs: []RunDiff{}}
	if len(prev) == 0 || len(cur) == 0 {
		return d, fmt.Errorf("a report holds no runs")
	}
	pairs := [][2]Run{}
	if len(prev) == 1 && len(cur) == 1 {
		pairs = append(pairs, [2]Run{prev[0], cur[0]})
	} else {
		key := func(r Run) string { return cmp.Or(r.Label, r.Adapter.Name) }
		byKey := map[string]Run{}
		for _, r := range prev {
			byKey[key(r)] = r
		}
		matched := map[string]bool{}
		for _, r := range cur {
			o, ok := byKey[key(r)]
			if !ok {
				return d, fmt.Errorf("the new report's run of %s has no match among the old report's (%s)", r.Name(), names(prev))
			}
			matched[key(r)] = true
			pairs = append(pairs, [2]Run{o, r})
		}
		for _, r := range prev {
			if !matched[key(r)] {
				return d, fmt.Errorf("the old report's run of %s has no match among the new report's (%s)", r.Name(), names(cur))
			}
		}
	}
	for _, p := range pairs {
		rd := DiffRuns(p[0], p[1], failOn)
		for _, c := range rd.Changes {
			if c.Gates {
				d.Regressions++
			}
		}
		d.Runs = append(d.Runs, rd)
	}
	return d, nil
}

func names(runs []Run) string {
	var s []string
	for _, r := range runs {
		s = append(s, r.Name())
	}
	return strings.Join(s, ", ")
}

// Counts is how many changes of each kind the run diff holds.
func (d RunDiff) Counts() map[ChangeKind]int {
	n := map[ChangeKind]int{}
	for _, c := range d.Changes {
		n[c.Kind]++
	}
	return n
}

// summary is the run diff's closing line: the count of each kind present
// and of unchanged requirements.
func (d RunDiff) summary() string {
	counts := d.Counts()
	var parts []string
	for _, k := range changeKinds {
		if counts[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[k], k.counted(counts[k])))
		}
	}
	parts = append(parts, fmt.Sprintf("%d unchanged", d.Unchanged))
	return strings.Join(parts, ", ")
}

// counted is the kind after a count of n: "2 new failures".
func (k ChangeKind) counted(n int) string {
	if n == 1 {
		return string(k)
	}
	switch k {
	case NewFailure:
		return "new failures"
	case MessageChanged:
		return "messages changed"
	}
	return string(k)
}

// verdict is the diff's last line: how many regressions fail the gate.
func (d Diff) verdict() string {
	if d.Regressions == 0 {
		return fmt.Sprintf("no regression at or below %s", d.FailOn)
	}
	plural := "s"
	if d.Regressions == 1 {
		plural = ""
	}
	return fmt.Sprintf("%d regression%s at or below %s", d.Regressions, plural, d.FailOn)
}

// DiffJSON writes the diff as one indented JSON document.
func DiffJSON(w io.Writer, d Diff) error {
	b, err := jsonenc.Indented(d)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
