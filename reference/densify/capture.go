package densify

import (
	"context"
	"errors"
)

// Status is the state a capture leaves its snapshot in.
type Status string

const (
	StatusReady  Status = "ready"
	StatusFailed Status = "failed"
)

// Record is what Capture stores for one snapshot.
type Record struct {
	Status   Status
	Output   string   // the dense text when ready
	Message  string   // the last error's message when failed
	Attempts int      // densification attempts made
	Err      error    // the last error when failed
	Results  []Result // one per attempt, in order
}

// Capture is the standard's CaptureWorkflow retry: it runs Densify up to
// CaptureAttempts times in all (default 2) and stops at the first success.
// A failed attempt is retried, after Sleep(ctx, RetryDelay) (default 500 ms,
// as the original; none when RetryDelay is negative), only when it is a
// provider failure: not the early rejection (*InputTooLongError), not
// ErrInvalidInput, and not when ctx itself has ended (a per-call timeout
// inside a provider client is a provider failure and is retried). When every attempt fails
// the record has status failed and the last error's message.
func (d *Densifier) Capture(ctx context.Context, input string) Record {
	var rec Record
	for attempt := 1; ; attempt++ {
		res, err := d.Densify(ctx, input)
		rec.Attempts = attempt
		rec.Results = append(rec.Results, res)
		if err == nil {
			rec.Status, rec.Output = StatusReady, res.Output
			return rec
		}
		rec.Status, rec.Message, rec.Err = StatusFailed, err.Error(), err
		if attempt >= d.cfg.CaptureAttempts || !retryable(ctx, err) {
			return rec
		}
		if d.cfg.RetryDelay > 0 {
			if serr := d.cfg.Sleep(ctx, d.cfg.RetryDelay); serr != nil {
				return rec
			}
		}
	}
}

// retryable reports whether a failed densification is a provider failure
// worth another attempt.
func retryable(ctx context.Context, err error) bool {
	var tooLong *InputTooLongError
	switch {
	case ctx.Err() != nil,
		errors.As(err, &tooLong),
		errors.Is(err, ErrInvalidInput):
		return false
	}
	return true
}
