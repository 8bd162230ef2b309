package properties

import (
	"errors"
	"math/rand"
	"slices"
	"strings"

	"github.com/leanovate/gopter"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
)

// answered is the shape of most properties: for every generated case C,
// build its request, ask the implementation, and judge the answer. Refusing a
// valid request is a failure; a fault (crash, hang, garbage) ends the check
// as errored.
func answered[C interface{ Request() Req }, Req, Ans any](name string, edges []suite.Case[C], g gopter.Gen,
	ask func(*suite.T, Req) (Ans, error), judge func(*suite.T, Req, Ans) error) func(*suite.T) {
	return answeredAs("request", name, edges, g, ask, judge)
}

// answeredAs is answered for requests of another kind ("search"), which
// the messages of a refusal name.
func answeredAs[C interface{ Request() Req }, Req, Ans any](kind, name string, edges []suite.Case[C], g gopter.Gen,
	ask func(*suite.T, Req) (Ans, error), judge func(*suite.T, Req, Ans) error) func(*suite.T) {
	return func(t *suite.T) {
		suite.ForAll(t, name, edges, g, func(c C) string {
			req := c.Request()
			t.TakeRepairs()
			ans, err := ask(t, req)
			if err != nil {
				return rejectedAs(t, kind, err)
			}
			if err := judge(t, req, ans); err != nil {
				rs := t.TakeRepairs()
				if len(rs.Of(cutting...)) > 0 && holdsNarrowed(t, req, ask, judge) {
					return ""
				}
				return withRepairs(err.Error(), rs)
			}
			return ""
		})
	}
}

// holdsNarrowed reports whether judge finds nothing wrong with the answer
// to req read with its edges inside characters narrowed, not widened: one
// fault, one requirement, also through repairs. A requirement other than
// the one about cut characters fails only when it fails whichever way a cut
// edge is read (a window kept within the budget in the implementation's
// unit exceeds it once widened to the character; narrowed, it is never
// longer than the implementation's own offsets). The requirement about cut
// characters (unrepaired(cutting, …)) fails either way, on the repair.
// The request is asked again: answers are converted as they arrive.
func holdsNarrowed[Req, Ans any](t *suite.T, req Req, ask func(*suite.T, Req) (Ans, error), judge func(*suite.T, Req, Ans) error) bool {
	t.ReadNarrowed(true)
	defer t.ReadNarrowed(false)
	defer t.TakeRepairs()
	ans, err := ask(t, req)
	return err == nil && judge(t, req, ans) == nil
}

// withRepairs adds to the message of a failure judged on a repaired answer
// what was repaired: the judge saw offsets clamped to the document and
// widened to characters, not the ones the implementation gave (unless the
// message is the repairs themselves).
func withRepairs(msg string, rs adapters.Repairs) string {
	if len(rs) == 0 || strings.Contains(msg, rs.String()) {
		return msg
	}
	return msg + "\n(judged on the answer repaired for conversion: " + rs.String() + ")"
}

// repaired fails a case whose answer had offsets of the given kinds
// repaired: the check of the one requirement that describes that fault.
func repaired(t *suite.T, kinds ...adapters.RepairKind) error {
	return t.Repairs().Of(kinds...).Err()
}

// outside and cutting are the repair kinds of the "inside the document" and
// "no edge cuts a character" requirements.
var (
	outside = []adapters.RepairKind{adapters.OutsideDocument, adapters.UnknownDocument}
	cutting = []adapters.RepairKind{adapters.InsideCharacter}
)

// rejected is the verdict on a valid generated request the implementation
// refused: a fault ends the check as errored, any other error fails the case.
func rejected(t *suite.T, err error) string { return rejectedAs(t, "request", err) }

// rejectedAs is rejected for a request of another kind ("graph", "search"),
// which the messages name.
func rejectedAs(t *suite.T, kind string, err error) string {
	if errors.Is(err, adapters.ErrFault) {
		t.OperationFailed("generated "+kind, err)
	}
	return "valid " + kind + " rejected: " + err.Error()
}

// byUnit is the judge of a predicate on the request, the answer and the
// unit the implementation counts offsets in (most of package invariant's).
func byUnit[Req, Ans any](pred func(Req, Ans, unit.Unit) error) func(*suite.T, Req, Ans) error {
	return func(t *suite.T, req Req, ans Ans) error { return pred(req, ans, t.Unit()) }
}

// byUnitAt is byUnit of a predicate made for the value of a declarable
// item (adapters.Declarables) that the implementation declared, or the
// text's default.
func byUnitAt[Req, Ans any](item string, pred func(int) func(Req, Ans, unit.Unit) error) func(*suite.T, Req, Ans) error {
	return func(t *suite.T, req Req, ans Ans) error { return pred(t.Config().Int(item))(req, ans, t.Unit()) }
}

// plain is the judge of a predicate on the request and the answer alone.
func plain[Req, Ans any](pred func(Req, Ans) error) func(*suite.T, Req, Ans) error {
	return func(_ *suite.T, req Req, ans Ans) error { return pred(req, ans) }
}

// unrepaired is judge preceded by repaired: a case whose answer had offsets
// of the given kinds repaired fails on that, since judge would only see the
// repaired offsets; the requirement that describes the fault uses it.
func unrepaired[Req, Ans any](kinds []adapters.RepairKind, judge func(*suite.T, Req, Ans) error) func(*suite.T, Req, Ans) error {
	return func(t *suite.T, req Req, ans Ans) error {
		if err := repaired(t, kinds...); err != nil {
			return err
		}
		return judge(t, req, ans)
	}
}

// texts is what text reads from each window of an answer, in order: the
// texts a rendered answer must hold.
func texts[W any](ws []W, text func(W) string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = text(w)
	}
	return out
}

// totalLen is the length of all of ss in unit u.
func totalLen(u unit.Unit, ss []string) int {
	n := 0
	for _, s := range ss {
		n += u.Len(s)
	}
	return n
}

// inflation turns a judgement of one inflation into a property check.
func inflation(name string, judge func(t *suite.T, req inflate.Request, res inflate.Result) error) func(*suite.T) {
	return answered[inflateRecipe](name, edgesRecipe(), genRecipe(), call.Inflate, judge)
}

// inflationMerging is inflation for a requirement that judges by the
// declared merge_threshold (adapters.MergeThreshold): its fixed edge cases
// place hits c-1, c and c+1 apart at the value the implementation declared
// (t.Config; the text's 500 undeclared), not at the text's figure.
func inflationMerging(name string, judge func(t *suite.T, req inflate.Request, res inflate.Result) error) func(*suite.T) {
	return func(t *suite.T) {
		edges := edgesRecipeAt(t.Config().Int(adapters.MergeThreshold))
		answered[inflateRecipe](name, edges, genRecipe(), call.Inflate, judge)(t)
	}
}

// shuffled returns req with its hits in another order, drawn from seed.
func shuffled(req inflate.Request, seed int64) inflate.Request {
	rng := rand.New(rand.NewSource(seed))
	req.Hits = shuffle(rng, req.Hits)
	req.Documents = shuffle(rng, req.Documents)
	return req
}

// shuffle returns a copy of s (as slices.Clone makes it) in an order drawn
// from rng.
func shuffle[E any](rng *rand.Rand, s []E) []E {
	out := slices.Clone(s)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// againstReference: the check judges answers by the reference's own, so on
// the reference itself it is Inconclusive (suite.SelfCompared), not passed.
func againstReference(check func(*suite.T)) func(*suite.T) {
	return suite.AgainstReference(reference.Is, check)
}

// impliedBy is judge, which on every answer it fails asks whether the
// judgement other of requirement id fails that answer too, and records it
// (suite.T.ImpliedBy): when every answer judge failed broke id's judgement
// and id fails in the same run, this requirement's failure follows from
// id's (one fault, one failure) instead of counting again.
func impliedBy[Req, Ans any](id string, other, judge func(*suite.T, Req, Ans) error) func(*suite.T, Req, Ans) error {
	return func(t *suite.T, req Req, ans Ans) error {
		err := judge(t, req, ans)
		if err != nil {
			t.ImpliedBy(id, other(t, req, ans) != nil)
		}
		return err
	}
}
