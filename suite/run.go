package suite

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
)

// Options selects requirements and sets how checks run.
type Options struct {
	Level        Level               // run requirements up to this level (Must < Should < Reference)
	Standards    []adapters.Standard // run only these; empty means all
	Match        *regexp.Regexp      // run only IDs or titles matching; nil means all
	Skip         *regexp.Regexp      // skip IDs or titles matching
	Seed         int64               // seed for generated inputs
	PropertyRuns int                 // generated cases per property (default 100)
	Timeout      time.Duration       // per requirement (default 2 minutes)
	// Replay, when set, runs its requirement on its case alone (a
	// property's replayed value instead of its edge and generated cases).
	Replay *Replay
}

func (o Options) withDefaults() Options {
	if o.PropertyRuns <= 0 {
		o.PropertyRuns = 100
	}
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	return o
}

// Selected reports whether r is chosen by the options (its level, standard,
// and the match and skip patterns).
func (o Options) Selected(r Requirement) bool {
	if r.Level > o.Level {
		return false
	}
	if len(o.Standards) > 0 {
		found := false
		for _, s := range o.Standards {
			found = found || s == r.Standard
		}
		if !found {
			return false
		}
	}
	text := r.ID + " " + r.Title
	if o.Match != nil && !o.Match.MatchString(text) {
		return false
	}
	return o.Skip == nil || !o.Skip.MatchString(text)
}

// Run checks every selected requirement against a and reports each outcome.
// A panic, a hang or a fault of the implementation ends that requirement as
// errored; the run goes on.
func Run(ctx context.Context, a adapters.Adapter, reqs []Requirement, opts Options) Report {
	opts = opts.withDefaults()
	rep := Report{Adapter: a.Info(), Seed: opts.Seed, Level: opts.Level, Started: time.Now().UTC()}
	for _, r := range Sorted(reqs) {
		if !opts.Selected(r) {
			continue
		}
		rep.Results = append(rep.Results, RunOne(ctx, a, r, opts))
	}
	rep.Elapsed = time.Since(rep.Started)
	return rep
}

// RunOne checks a single requirement against a.
func RunOne(ctx context.Context, a adapters.Adapter, r Requirement, opts Options) Result {
	opts = opts.withDefaults()
	res := Result{ID: r.ID, Standard: r.Standard, Section: r.Section, Level: r.Level, Title: r.Title, Kind: r.Kind}
	if err := adapters.Supports(a, r.Standard); err != nil {
		res.Outcome = NotImplemented
		if errorsIsFault(err) {
			res.Outcome, res.Message = Errored, err.Error()
		}
		return res
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	t := &T{ctx: ctx, adapter: adapters.InBytes(a), info: a.Info(), opts: opts, id: r.ID}
	start := time.Now()
	done := make(chan any, 1)
	go func() {
		var panicked any
		defer func() { done <- panicked }()
		defer func() {
			if p := recover(); p != nil {
				panicked = p
			}
		}()
		r.Check(t)
	}()
	var panicked any
	select {
	case panicked = <-done:
	case <-ctx.Done():
		// Give the check a moment to notice the cancellation and record why.
		select {
		case panicked = <-done:
		case <-time.After(2 * time.Second):
			res.Duration = time.Since(start)
			res.Outcome = Errored
			res.Message = fmt.Sprintf("no answer within %s", opts.Timeout)
			t.mu.Lock()
			pending := t.pending
			t.mu.Unlock()
			if pending != "" { // the deadline never replaces a fault seen
				res.Outcome, res.Message = Failed, pending+fmt.Sprintf("\n(the requirement's %s deadline ended shrinking)", opts.Timeout)
			}
			res.Replay = t.replayOf(res)
			return res
		}
	}
	res.Duration = time.Since(start)
	res.Logs = t.logs
	res.Notes = t.notes
	switch {
	case panicked != nil:
		res.Outcome, res.Message = Errored, fmt.Sprintf("panic: %v", panicked)
	case t.fault != nil:
		res.Outcome, res.Message = Errored, t.fault.Error()
	case t.Failed():
		res.Outcome, res.Message = Failed, t.message()
	case t.skip != "":
		res.Outcome, res.Message = Skipped, t.skip
	default:
		res.Outcome = Passed
	}
	if res.Bad() {
		res.Replay = t.replayOf(res)
	}
	return res
}
