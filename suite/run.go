package suite

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
)

// Options selects requirements and sets how checks run.
type Options struct {
	Level        Level               // run requirements up to this level (Must < Should < Reference)
	Standards    []adapters.Standard // run only these; empty means all
	Match        *regexp.Regexp      // run only IDs or titles matching; nil means all
	Skip         *regexp.Regexp      // skip IDs or titles matching
	Seed         int64               // seed for generated inputs (0: DefaultSeed)
	PropertyRuns int                 // generated cases per property (default 100)
	Timeout      time.Duration       // per requirement (default 2 minutes)
	Shard        Shard               // run only this share of the selection; zero means all

	// Progress, when set, is called with each requirement's result as it
	// ends, from the goroutine that called Run: a caller prints verdicts
	// as they come, so that a run killed from outside has said what it did.
	Progress func(Result)
	// Replay, when set, runs its requirement on its case alone (a
	// property's replayed value instead of its edge and generated cases).
	Replay *Replay
	// Remembered holds, by requirement ID, cases that made a property fail
	// in earlier runs (the failure memory): each property checks its own
	// first, before its edge and generated cases, whatever the seed.
	Remembered map[string][]Case[json.RawMessage]
}

func (o Options) withDefaults() Options {
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if o.PropertyRuns <= 0 {
		o.PropertyRuns = 100
	}
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	return o
}

// Run checks every selected requirement (see Options.Select) against a and
// reports each outcome. A panic, a hang or a fault of the implementation
// ends that requirement as errored; the run goes on.
//
// When ctx ends (a signal, the whole run's deadline) Run stops: the
// requirement in progress and every one not started are NotRun, with
// context.Cause(ctx) as the reason, and Report.Interrupted says why. The
// report of what finished is returned as usual.
func Run(ctx context.Context, a adapters.Adapter, reqs []Requirement, opts Options) Report {
	return RunPool(ctx, []adapters.Adapter{a}, reqs, opts)
}

// RunPool is Run on several instances of one implementation at once (pool,
// each started on its own; the report describes pool[0]). Each requirement
// runs whole on one instance, its cases in order, on the next instance
// free; a Timed one runs when the others have finished, alone. The results,
// and the calls of Options.Progress, come in the order of the selection, as
// from Run: only the durations differ.
func RunPool(ctx context.Context, pool []adapters.Adapter, reqs []Requirement, opts Options) Report {
	opts = opts.withDefaults()
	rep := newReport(pool[0].Info(), opts)
	selected, _ := opts.Select(reqs) // an empty selection is an empty report
	// ended[i] is selected[i]'s result, with whether it was checked at all
	// (one not started is not reported to Progress).
	type ended struct {
		res     Result
		checked bool
	}
	results := make([]chan ended, len(selected))
	var untimed, timed []int
	for i, r := range selected {
		results[i] = make(chan ended, 1)
		if r.Timed && len(pool) > 1 {
			timed = append(timed, i)
		} else {
			untimed = append(untimed, i)
		}
	}
	check := func(a adapters.Adapter, i int) {
		r := selected[i]
		if ctx.Err() != nil {
			results[i] <- ended{res: Unrun(r, NotRun, "not started: "+cause(ctx))}
			return
		}
		results[i] <- ended{RunOne(ctx, a, r, opts), true}
	}
	go func() {
		deal(pool, untimed, check)
		for _, i := range timed {
			check(pool[0], i)
		}
	}()
	for i := range selected {
		e := <-results[i]
		rep.Results = append(rep.Results, e.res)
		if opts.Progress != nil && e.checked {
			opts.Progress(e.res)
		}
	}
	if ctx.Err() != nil {
		rep.Interrupted = cause(ctx)
	}
	rep.Settle()
	rep.Elapsed = time.Since(rep.Started)
	return rep
}

// deal hands the indices of work, in order, to the instances of pool as
// each becomes free, and returns when every one is done.
func deal(pool []adapters.Adapter, work []int, check func(adapters.Adapter, int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for _, a := range pool {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				check(a, i)
			}
		}()
	}
	for _, i := range work {
		next <- i
	}
	close(next)
	wg.Wait()
}

// Unrun is the result of a requirement that was not checked, with outcome
// o (NotRun, or Errored when the implementation could not even start) and
// the reason.
func Unrun(r Requirement, o Outcome, why string) Result {
	return Result{ID: r.ID, Standard: r.Standard, Section: r.Section, Level: r.Level, Title: r.Title, Kind: r.Kind,
		Quote: r.Quote, Outcome: o, Message: why}
}

// Unstarted is the report of a run that never began: every requirement the
// options select has outcome o with the reason why — Errored for an
// implementation that could not even start (so that CI shows what happened
// in the reports it reads), NotRun for a run interrupted before it began.
func Unstarted(info adapters.Info, reqs []Requirement, opts Options, o Outcome, why string) Report {
	opts = opts.withDefaults()
	rep := newReport(info, opts)
	selected, _ := opts.Select(reqs)
	for _, r := range selected {
		rep.Results = append(rep.Results, Unrun(r, o, why))
	}
	return rep
}

// newReport is the empty report of a run of opts on info.
func newReport(info adapters.Info, opts Options) Report {
	rep := Report{Adapter: info, Seed: opts.Seed, Level: opts.Level, Started: time.Now().UTC()}
	if !opts.Shard.IsZero() {
		sh := opts.Shard
		rep.Shard = &sh
	}
	return rep
}

// cause is why ctx ended, for a message.
func cause(ctx context.Context) string {
	if err := context.Cause(ctx); err != nil {
		return err.Error()
	}
	return "cancelled"
}

// RunOne checks a single requirement against a.
//
// When ctx itself ends before the check does (the run was interrupted, as
// opposed to the requirement's own Options.Timeout), the result is NotRun:
// what the check saw of an implementation cut off mid-answer is no verdict.
// The message keeps any failure it had recorded.
func RunOne(ctx context.Context, a adapters.Adapter, r Requirement, opts Options) Result {
	opts = opts.withDefaults()
	run := ctx
	res := Result{ID: r.ID, Standard: r.Standard, Section: r.Section, Level: r.Level, Title: r.Title, Kind: r.Kind, Quote: r.Quote}
	if err := adapters.Supports(a, r.Standard); err != nil {
		res.Outcome = NotImplemented
		if errorsIsFault(err) {
			res.Outcome, res.Message = Errored, err.Error()
		}
		return res
	}
	ctx, cancel := context.WithTimeout(adapters.WithSequence(ctx), opts.Timeout)
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
				res.Because = t.becauseOf(r)
			}
			if run.Err() != nil {
				seen := ""
				if pending != "" {
					seen = "\nbefore that it was failed:\n" + pending
				}
				res.Outcome, res.Message = NotRun, "interrupted: "+cause(run)+seen
			}
			res.Message = quoted(r, res)
			if res.Bad() {
				res.Replay = t.replayOf(res)
			}
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
		if run.Err() == nil && errors.Is(t.fault, context.DeadlineExceeded) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			// Say whose time ran out: the requirement's (Options.Timeout),
			// not a deadline of the implementation's own.
			res.Message = fmt.Sprintf("no answer within the requirement's %s (its time ran out mid-request): %s", opts.Timeout, res.Message)
		}
	case t.Failed():
		res.Outcome = Failed
		res.Because = t.becauseOf(r)
		res.Message, res.Brief, res.More = t.message()
		if note := unitNote(t.Unit()); note != "" {
			res.Message += note
			if res.Brief != "" {
				res.Brief += note
			}
		}
	case t.unimpl != "":
		res.Outcome, res.Unimplemented = NotImplemented, t.unimpl
		res.Message = fmt.Sprintf("the implementation declares %s but does not provide %s, which this requirement needs: %v", r.Standard, t.unimpl, t.unimplBy)
	case t.vacuous != "":
		res.Outcome, res.Message = Inconclusive, t.vacuous
	case t.skip != "":
		res.Outcome, res.Message = Skipped, t.skip
	default:
		res.Outcome = Passed
	}
	if run.Err() != nil {
		seen := ""
		cut := t.fault != nil && (errors.Is(t.fault, context.Canceled) || errors.Is(t.fault, context.DeadlineExceeded))
		if res.Outcome == Failed || res.Outcome == Errored && !cut { // not the fault the interruption caused
			seen = fmt.Sprintf("\nbefore that it was %s:\n%s", res.Outcome, res.Message)
		}
		res.Outcome, res.Message = NotRun, "interrupted: "+cause(run)+seen
	}
	res.Message = quoted(r, res)
	if res.Bad() {
		res.Replay = t.replayOf(res)
	}
	return res
}
