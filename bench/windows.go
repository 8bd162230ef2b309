package bench

import (
	"context"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// timeWindows times call, one operation whose answer is windows (inflation,
// hydration), and reports per-window figures. An implementation that times
// itself is timed on its own clock, its answer held to check first (a wrong
// answer is not timed); one that cannot is skipped when this process's
// clock would measure a pipe (timedHere); any other is timed here by
// b.Loop, with its allocations counted. shape gives the windows and the
// bytes emitted of an answer. The answer of the first call is returned, for
// the caller's own metrics.
func timeWindows[R any](b *testing.B, a adapters.Adapter, call func(context.Context) (R, error), check func(R) error, shape func(R) (windows, emitted int)) (R, error) {
	if here, why := timedHere(a); !here {
		var res R
		if why != "" {
			return res, Skip("%s", why)
		}
		t, err := selfTimed(b, func(ctx context.Context) (err error) {
			if res, err = call(ctx); err != nil {
				return err
			}
			return check(res)
		})
		if t == nil {
			return res, err
		}
		windows, emitted := shape(res)
		reportSelfTimed(b, t, windows, emitted)
		return res, err // nil, or a *WrongAnswer that was timed
	}
	ctx := context.Background()
	res, err := call(ctx) // the shape of the answer, outside the timer
	if err != nil {
		return res, err
	}
	windows, emitted := shape(res)
	return res, measureAnswer(b, windows, emitted, 0, func() error {
		_, err := call(ctx)
		return err
	})
}
