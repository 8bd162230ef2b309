package specs

import (
	"errors"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/suite"
)

// A refusal is one bad-input case: a valid request (the twin) and the same
// request with exactly one fault added. The implementation must answer the
// twin and refuse the faulty one: a refusal only counts when the twin shows
// the implementation answers such a request at all.
type refusal[Req any] struct {
	name      string
	twin, bad Req
}

// refuses sends each case's twin, then its faulty request, and judges
// (specs/REQUIREMENTS.md, "Refusals with controls"):
//
//   - a non-answer is never a refusal: a crash, a hang, garbage or a wrong
//     seq, to either request, ends the requirement as errored;
//   - a twin refused fails the case (the implementation refuses valid
//     input), whatever it does with the faulty one;
//   - a faulty request answered fails the case;
//   - a request the transport cannot carry (adapters.ErrInexpressible) was
//     never seen by the implementation: the case is listed as skipped, with
//     the reason, in the result's notes. When every case is skipped, so is
//     the requirement.
func refuses[Req, Ans any](t *suite.T, op func(*suite.T, Req) (Ans, error), cases []refusal[Req]) {
	refusesOr(t, op, cases, nil)
}

// refusesOr is refuses for an operation that may also refuse by its answer
// (a densification answered as failed, before any provider call): refused,
// when set, judges the answer to a faulty request, failing the check
// (t.Errorf) unless the answer is such a refusal. Without it, any answer to
// a faulty request fails the case.
func refusesOr[Req, Ans any](t *suite.T, op func(*suite.T, Req) (Ans, error), cases []refusal[Req], refused func(name string, ans Ans)) {
	judged := 0
	for _, c := range cases {
		if _, err := op(t, c.twin); err != nil {
			if !unjudged(t, c.name, "valid twin", "its valid twin", err) {
				judged++
				t.Errorf("%s: the valid twin was refused (%v), so refusing the faulty request shows nothing", c.name, err)
			}
			continue
		}
		ans, err := op(t, c.bad)
		switch {
		case err == nil && refused != nil:
			judged++
			refused(c.name, ans)
		case err == nil:
			judged++
			t.Errorf("%s: accepted; want an error (answer %s)", c.name, jsonenc.Message(ans))
		case !unjudged(t, c.name, "faulty request", "the faulty request", err):
			judged++ // refused: what the case wants
		}
	}
	if judged == 0 {
		t.Skipf("no bad-input case can reach this implementation (see the notes)")
	}
}

// unjudged deals with an error that is no verdict of the implementation on
// request what (of case name; subject names it in a sentence): a request the
// harness could not send is noted and its case skipped, a non-answer ends
// the check as errored. It reports whether err was such an error.
func unjudged(t *suite.T, name, what, subject string, err error) bool {
	switch {
	case inexpressible(err):
		t.Notef("case %q skipped: %s cannot reach this implementation: %v", name, subject, err)
	case suite.NonAnswer(err):
		t.OperationFailed(name+": "+what, err)
	default:
		return false
	}
	return true
}

// inexpressible: the harness did not send the request.
func inexpressible(err error) bool { return errors.Is(err, adapters.ErrInexpressible) }
