package suite

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
)

// NoVerdict reports whether err, returned by an operation, says nothing
// about the implementation's answer to the request, so that no check may
// judge it as a refusal or a wrong answer: the implementation did not
// answer (adapters.ErrFault: a crash, a hang, garbage; the requirement's
// deadline; a cancelled run) or does not provide the operation
// (adapters.ErrNotImplemented). T.OperationFailed gives such an error its
// outcome, ERROR or NOT IMPLEMENTED; only the remaining errors (refusals)
// are left to a check, which may fail the requirement on them.
func NoVerdict(err error) bool {
	return err != nil && (NonAnswer(err) || errors.Is(err, adapters.ErrNotImplemented))
}

// NonAnswer reports whether err says the implementation did not answer
// (crashed, hung, printed garbage, answered another seq) or the harness
// gave up waiting.
func NonAnswer(err error) bool {
	return errors.Is(err, adapters.ErrFault) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// Answered reports whether operation op (as recorded by Record) has
// answered a request of this check: a not_implemented it gives afterwards
// declines that request (an input feature it lacks, a faulty request), the
// operation itself exists.
func (t *T) Answered(op string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.answered[op]
}

// notImplemented ends the check because the implementation answered
// operation op (as the check named it) with not_implemented: the
// requirement needs an operation of its declared standard that it does not
// provide, so nothing was observed and the outcome is NotImplemented
// (unless a failure was already recorded, which stands). While a property
// confirms or shrinks a failure, the failure stands as it does on a fault.
func (t *T) notImplemented(op string, err error) {
	t.mu.Lock()
	if t.shrinking {
		t.logs = append(t.logs, fmt.Sprintf("confirming or shrinking stopped: %s: %v", op, err))
	} else if t.unimpl == "" {
		t.unimpl, t.unimplBy = operationName(op), fmt.Errorf("%s: %w", op, err)
	}
	t.mu.Unlock()
	runtime.Goexit()
}

// operationName is the operation a check's name for it starts with
// ("radius(budget 8000, hits 10)" is radius, "inflate 100 hits" inflate).
func operationName(op string) string {
	if i := strings.IndexAny(op, " (:"); i > 0 {
		return op[:i]
	}
	return op
}
