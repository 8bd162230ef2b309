package bench

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// An implementation in another process (the exec adapter, when the program
// declares the "bench" capability) is timed on its own clock: one "bench"
// message per run of the benchmark asks it to warm up and then run the
// operation b.N times, and its answer (the last iteration's) is checked
// against the operation's MUST invariants before its time counts, so a fast
// wrong answer cannot win. The loop reports the implementation's time as
// ns/op and its allocated bytes as B/op when its runtime can tell; the
// harness's own allocations (JSON on the pipe) are left out.
//
// An out-of-process implementation without the capability is skipped:
// timing it from here would measure the pipe.

// selfTimed is the benchmark loop of a self-timing adapter: call runs the
// operation once with ctx (which asks for the timing) and checks its
// answer. It reports ns/op (and B/op) for Run to use instead of the
// harness's clock, and returns the timing for per-window figures.
func selfTimed(b *testing.B, call func(ctx context.Context) error) (*adapters.SelfTiming, error) {
	t := &adapters.SelfTiming{Warmup: max(1, min(b.N/10, 100)), Iterations: b.N}
	err := call(adapters.WithSelfTiming(context.Background(), t))
	if !timed(err) {
		if errors.Is(err, adapters.ErrTimeout) {
			// A scale the implementation cannot finish in time is a row
			// without figures, not a failure of the run.
			return nil, Skip("timed out, asked for %d iterations (a longer --request-timeout lets it finish): %v", b.N, err)
		}
		return nil, err
	}
	if !t.Done {
		return nil, fmt.Errorf("the implementation was asked to time the call and did not")
	}
	b.ReportMetric(float64(t.Elapsed.Nanoseconds())/float64(t.Timed), "ns/op")
	if t.HasBytes {
		b.ReportMetric(float64(t.AllocatedBytes)/float64(t.Timed), "B/op")
	}
	if m := markOf(t.Unmeasured()); m != 0 {
		b.ReportMetric(m, markUnit) // runOne turns it into Result.Unmeasured
	}
	return t, err // a *WrongAnswer, timed: runOne keeps or refuses the figures (Options.TimeNonconforming)
}

// WrongAnswer is the error of a benchmark whose answer fails the
// operation's MUST invariants: without Options.TimeNonconforming the
// benchmark fails with it ("wrong answer, not timed"); with it, the
// figures are kept and the result marked Nonconforming.
type WrongAnswer struct{ Err error }

func (e *WrongAnswer) Error() string { return "wrong answer, not timed: " + e.Err.Error() }
func (e *WrongAnswer) Unwrap() error { return e.Err }

// timed reports whether a benchmark's loop ended with figures: no error,
// or a *WrongAnswer (the figures of a wrong answer, which runOne keeps or
// refuses).
func timed(err error) bool {
	var wrong *WrongAnswer
	return err == nil || errors.As(err, &wrong)
}

// wrong is err as a *WrongAnswer.
func wrong(err error) error { return &WrongAnswer{err} }

// markUnit carries SelfTiming.Unmeasured from a benchmark's loop to its
// Result (runOne), as a metric of the last run of the loop: 1 for
// adapters.UnmeasuredZero, 2 for adapters.UnmeasuredBelow. It is never
// written.
const markUnit = "ctxconform-unmeasured"

func markOf(unmeasured string) float64 {
	switch unmeasured {
	case adapters.UnmeasuredZero:
		return 1
	case adapters.UnmeasuredBelow:
		return 2
	}
	return 0
}

func unmeasuredOf(mark float64) string {
	switch mark {
	case 1:
		return adapters.UnmeasuredZero
	case 2:
		return adapters.UnmeasuredBelow
	}
	return ""
}

// timedHere reports whether a's time can be measured by this process's
// clock, and why not: an implementation in another process that cannot
// time itself would be measured with the pipe.
func timedHere(a adapters.Adapter) (ok bool, why string) {
	if adapters.SelfTimes(a) {
		return false, ""
	}
	for x := a; ; {
		if o, is := x.(interface{ OutOfProcess() bool }); is && o.OutOfProcess() {
			return false, fmt.Sprintf("%s runs in another process and does not answer \"bench\" messages (capability \"bench\" of adapters/process/PROTOCOL.md): timing it here would measure the pipe", a.Info().Name)
		}
		u, is := x.(adapters.Unwrapper)
		if !is {
			return true, ""
		}
		x = u.Unwrap()
	}
}

// reportSelfTimed reports the per-window figures of a self-timed loop.
func reportSelfTimed(b *testing.B, t *adapters.SelfTiming, windows, emitted int) {
	per := float64(max(windows, 1))
	n := float64(t.Timed)
	b.ReportMetric(float64(t.Elapsed.Nanoseconds())/n/per, "ns/window")
	if t.HasBytes {
		b.ReportMetric(float64(t.AllocatedBytes)/n/per, "B/window")
		if emitted > 0 {
			b.ReportMetric(float64(t.AllocatedBytes)/n/float64(emitted), "alloc/emitted")
		}
	}
	b.ReportMetric(float64(windows), "windows/op")
	b.ReportMetric(float64(emitted), "emitted-B/op")
}

// checkInflate holds an answer to the MUST invariants of inflation: windows
// inside their documents, on character boundaries, disjoint, every kept hit
// assigned, within the budget.
func checkInflate(req inflate.Request, res inflate.Result, u unit.Unit) error {
	for _, check := range []func(inflate.Request, inflate.Result, unit.Unit) error{
		invariant.Inside, invariant.OnRunes, invariant.Disjoint, invariant.Assigned, invariant.Budget,
	} {
		if err := check(req, res, u); err != nil {
			return wrong(err)
		}
	}
	return nil
}

// checkHydrate holds a hydration to its MUST invariants: windows inside
// their documents, atoms assigned, within the budget.
func checkHydrate(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) error {
	if err := invariant.HydrationInside(req, res); err != nil {
		return wrong(err)
	}
	if err := invariant.HydrationAssigned(req, res); err != nil {
		return wrong(err)
	}
	if err := invariant.HydrationBudget(req, res, u); err != nil {
		return wrong(err)
	}
	return nil
}

// checkSearch holds a search answer to its MUST invariants: every match
// qualifies for its tier, tiers in order.
func checkSearch(req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	loc, err := convert.Locale(ans.Locale)
	if err != nil {
		return wrong(err)
	}
	if err := invariant.FuzzySound(loc, req, ans); err != nil {
		return wrong(err)
	}
	if err := invariant.TierOrder(ans); err != nil {
		return wrong(err)
	}
	return nil
}
