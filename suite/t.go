package suite

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// T is handed to a check. Like testing.T it collects failures; unlike it, it
// belongs to no Go test, so the same check runs under Ginkgo and in the
// conformance binary.
type T struct {
	ctx     context.Context
	adapter adapters.Adapter
	info    adapters.Info
	opts    Options

	mu       sync.Mutex
	failures []string
	logs     []string
	notes    []string
	fault    error
	skip     string
	vacuous  string          // why the check showed nothing (Inconclusive)
	unimpl   string          // the operation answered not_implemented, once one was
	unimplBy error           // and its error
	answered map[string]bool // operations that have answered a request of this check (see Record)
	repairs  adapters.RepairLog
	perCase  bool // repairs are taken case by case (a property), not reported at the end

	id            string  // the requirement's ID
	calls         []Call  // the current case's last calls (see Record)
	replay        *Replay // a property's failing case, once found
	pending       string  // a failure seen and being confirmed or shrunk
	pendingReplay *Replay
	caseName      string // the property's current case, for an ERROR's replay
	caseFrom      string
	caseValue     any
	shrinking     bool                    // a fault now ends shrinking, not the verdict
	implied       map[string]map[int]bool // by requirement ID, by failure: shown implied by its judgement, or not (ImpliedBy)
	impliedOrder  []string
	caseImplied   map[string]bool // the same for the property's current case
	inCase        bool

	probing bool  // CheckReplay: ForAll decodes the replayed case and stops
	probed  error // and what it found (errProbed: the case is sound; errNoCase: none)
}

// Context is cancelled when the requirement's time is up. It carries the
// check's repair log: an answer's offsets that InBytes had to repair are
// recorded for the check to judge (see Repairs).
func (t *T) Context() context.Context { return adapters.WithRepairLog(t.ctx, &t.repairs) }

// Repairs lists the answer offsets repaired since the last TakeRepairs
// (outside the document, inside a character): see adapters.Repair.
func (t *T) Repairs() adapters.Repairs { return t.repairs.List() }

// TakeRepairs returns the repairs recorded so far and forgets them, as a
// property does between cases: its failures then say themselves what was
// repaired. Otherwise (a spec) the repairs are listed with its failures.
func (t *T) TakeRepairs() adapters.Repairs {
	t.mu.Lock()
	t.perCase = true
	t.mu.Unlock()
	return t.repairs.Take()
}

// Adapter is the implementation under test, seen in bytes of UTF-8 (see
// adapters.InBytes).
func (t *T) Adapter() adapters.Adapter { return t.adapter }

// Info is what the implementation said about itself.
func (t *T) Info() adapters.Info { return t.info }

// Config is what the implementation declared of the texts' defaults and
// open readings: a check that judges by one of adapters.Declarables reads
// it here (Config().Int(adapters.MergeThreshold)), never the text's figure.
func (t *T) Config() adapters.Config { return t.info.Config }

// Unit is what the implementation's budgets and lengths count.
func (t *T) Unit() unit.Unit {
	if t.info.Unit == "" {
		return unit.Bytes
	}
	return t.info.Unit
}

// Seed makes generated inputs reproducible: a failure prints it, and
// `conformance run --seed` or `ginkgo --seed` replays it.
func (t *T) Seed() int64 { return t.opts.Seed }

// PropertyRuns is how many generated cases a property must pass.
func (t *T) PropertyRuns() int { return t.opts.PropertyRuns }

// Errorf records a failure and lets the check go on.
func (t *T) Errorf(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.failures = append(t.failures, fmt.Sprintf(format, args...))
}

// Fatalf records a failure and ends the check.
func (t *T) Fatalf(format string, args ...any) {
	t.Errorf(format, args...)
	runtime.Goexit()
}

// OperationFailed ends the check because operation op returned err, and
// gives the verdict that error calls for (it is not testing.T.Fatal: the
// verdict depends on the error). An error that is the implementation's fault
// (adapters.ErrFault: a crash, a hang, garbage) or a missed deadline makes
// the requirement errored; an operation the implementation does not provide
// (adapters.ErrNotImplemented, the protocol's not_implemented) makes it not
// implemented, naming op; any other error fails it. See NoVerdict.
//
// A request the adapter's transport cannot carry (adapters.ErrInexpressible:
// JSON holds no invalid UTF-8 or NaN) was never seen by the implementation,
// so the check is skipped rather than judged.
func (t *T) OperationFailed(op string, err error) {
	if errors.Is(err, adapters.ErrInexpressible) {
		t.Skipf("%s: the request cannot reach this implementation: %v", op, err)
	}
	if errors.Is(err, adapters.ErrNotImplemented) {
		t.notImplemented(op, err)
	}
	if NonAnswer(err) {
		t.mu.Lock()
		if t.shrinking {
			// The failure already seen stands (ForAll records it).
			t.logs = append(t.logs, fmt.Sprintf("confirming or shrinking stopped: %s: %v", op, err))
			t.mu.Unlock()
			runtime.Goexit()
		}
		if t.fault == nil {
			t.fault = fmt.Errorf("%s: %w", op, err)
		}
		t.mu.Unlock()
		runtime.Goexit()
	}
	t.Fatalf("%s: %v", op, err)
}

// Skipf ends the check without a verdict, saying why.
func (t *T) Skipf(format string, args ...any) {
	t.mu.Lock()
	t.skip = fmt.Sprintf(format, args...)
	t.mu.Unlock()
	runtime.Goexit()
}

// Inconclusivef ends the check without a verdict because it ran but could
// show nothing, saying why: the two arms of a comparison answered alike, or
// every generated case was discarded. Unlike Skipf the check did apply; the
// outcome is Inconclusive, which gates as a skip does. A failure already
// recorded stands.
func (t *T) Inconclusivef(format string, args ...any) {
	t.mu.Lock()
	t.vacuous = fmt.Sprintf(format, args...)
	t.mu.Unlock()
	runtime.Goexit()
}

// Logf keeps a line for the report (shown with the verdict).
func (t *T) Logf(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.logs = append(t.logs, fmt.Sprintf(format, args...))
}

// Notef records a figure worth showing whatever the verdict (a cost against
// its lower bound, a recall, a count): reports print notes of every
// requirement, not only of failures.
func (t *T) Notef(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.notes = append(t.notes, fmt.Sprintf(format, args...))
}

// Failed reports whether a failure has been recorded so far.
func (t *T) Failed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.failures) > 0
}

// maxFailures is how many failures the terminal shows of one requirement
// (Result.Brief); maxKept bounds what the reports keep of a check that
// records failures without end.
const (
	maxFailures = 5
	maxKept     = 1000
)

// message is every failure recorded (up to maxKept), for the reports and the
// replay file; brief is the first maxFailures of them, for the terminal,
// and more how many brief leaves out.
func (t *T) message() (message, brief string, more int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.failures
	suffix, lost := "", ""
	if rs := t.repairs.List(); len(rs) > 0 && !t.perCase {
		suffix = "\n(answers judged after repair: " + rs.String() + ")"
	}
	if len(f) > maxKept {
		lost = fmt.Sprintf("\n(and %d more failures, not kept)", len(f)-maxKept)
		f = f[:maxKept]
	}
	message = strings.Join(f, "\n") + lost + suffix
	if len(t.failures) <= maxFailures {
		return message, "", 0
	}
	return message, strings.Join(f[:maxFailures], "\n") + suffix, len(t.failures) - maxFailures
}

// SelfCompared is why a check that judges answers by the reference's own
// is Inconclusive when the implementation under test is the reference: it
// could not fail there, so it must not count as passed.
const SelfCompared = "compared the reference with itself"

// AgainstReference wraps check, which judges an answer by the reference's
// own (equal windows, equal similarities): when isReference says the
// implementation under test is the reference itself, the check ends
// Inconclusive, saying SelfCompared, without running. Against any other
// implementation it runs as it is.
func AgainstReference(isReference func(adapters.Adapter) bool, check func(*T)) func(*T) {
	return func(t *T) {
		if isReference(t.Adapter()) {
			t.Inconclusivef("%s: this check judges the answer by the reference's own, so it cannot fail on the reference; it judges other implementations", SelfCompared)
		}
		check(t)
	}
}
