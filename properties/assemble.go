package properties

import (
	"cmp"
	"fmt"
	"math"
	"math/rand"
	"reflect"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// asmCoherenceRange judges that every coherence_score lies in [0, 1] and is
// not NaN.
func asmCoherenceRange(_ *suite.T, _ adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	return invariant.AssembleCoherent(ans)
}

// asmOrderIndependent judges that the same documents and molecules,
// shuffled, give the same windows (compared in canonical order).
func asmOrderIndependent(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	again := call.MustAssemble(t, shuffledAssembly(req, t.Seed()+int64(len(req.Molecules))))
	return sameResults(t.Unit(), req.Bodies(), invariant.CanonicalResults(ans.Results), invariant.CanonicalResults(again.Results))
}

// asmRenderedHolds judges that the rendered text, when the answer carries
// one, holds every window's text in the answer's order.
func asmRenderedHolds(t *suite.T, _ adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	return invariant.RenderedHolds(ans.Rendered, texts(ans.Results, assembledText), t.Unit())
}

// asmRenderedFits judges that the rendered text, when the answer carries
// one, fits max_chars too, markers and separators counted.
func asmRenderedFits(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	n := totalLen(t.Unit(), texts(ans.Results, assembledText))
	return invariant.RenderedFits(ans.Rendered, &req.MaxChars, t.Unit(), n)
}

// assembledText is the text of an assembly's window.
func assembledText(r assemble.Result) string { return r.Window }

// asmEqualsReference judges the windows, their molecules, labels, coherence,
// scores and order against the reference's for the same request.
func asmEqualsReference(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	want, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
	if err != nil {
		return fmt.Errorf("reference rejects the request: %v", err)
	}
	return sameResults(t.Unit(), req.Bodies(), want, ans.Results)
}

// assembly turns a judgement of one assembly into a property: for every
// generated request the implementation must answer, and judge must find
// nothing wrong with the answer.
func assembly(name string, judge func(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error) func(*suite.T) {
	return answered[assembleCase](name, edgesAssembleCase(), genAssembleCase(), call.Assemble, judge)
}

// overBudgetShare counts, over the generated requests, the assemblies whose
// windows exceed max_chars (in the implementation's unit), and requires the
// share to stay under the protocol's target of 5%.
func overBudgetShare(t *suite.T) {
	var runs, over int
	worst := ""
	suite.ForAll(t, "over-budget-share", edgesAssembleCase(), genAssembleCase(), func(c assembleCase) string {
		req := c.Request()
		ans, err := call.Assemble(t, req)
		if err != nil {
			return rejected(t, err)
		}
		runs++
		if err := invariant.AssembleBudget(req, ans, t.Unit()); err != nil {
			over++
			worst = cmp.Or(worst, err.Error()) // the first
		}
		return ""
	})
	share := float64(over) / float64(max(runs, 1))
	t.Notef("%d of %d assemblies over budget (%.1f%%; target < 5%%)", over, runs, 100*share)
	if share >= 0.05 {
		t.Errorf("%d of %d assemblies (%.1f%%) exceed max_chars, target < 5%%; first: %s", over, runs, 100*share, worst)
	}
}

// shuffledAssembly returns req with its documents and molecules in another
// order, drawn from seed.
func shuffledAssembly(req adapters.AssembleRequest, seed int64) adapters.AssembleRequest {
	rng := rand.New(rand.NewSource(seed))
	req.Molecules = shuffle(rng, req.Molecules)
	req.Documents = shuffle(rng, req.Documents)
	return req
}

// sameResults compares two result lists position by position; a
// difference shows their offsets as a program counting in u reads them.
func sameResults(u unit.Unit, bodies map[string]string, want, got []assemble.Result) error {
	brief := func(rs []assemble.Result) string { return briefResults(u, bodies, rs) }
	if len(want) != len(got) {
		return fmt.Errorf("%d windows, want %d:\n got  %s\n want %s", len(got), len(want), brief(got), brief(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		if w.Source != g.Source || w.Start != g.Start || w.End != g.End || w.Window != g.Window || w.Strategy != g.Strategy ||
			math.Abs(w.Coherence-g.Coherence) > 1e-9 || w.Score != g.Score || !reflect.DeepEqual(nonNil(w.Molecules), nonNil(g.Molecules)) {
			return fmt.Errorf("window %d differs:\n got  %s\n want %s", i, brief(got[i:i+1]), brief(want[i:i+1]))
		}
	}
	return nil
}

func briefResults(u unit.Unit, bodies map[string]string, rs []assemble.Result) string {
	s := ""
	for _, r := range rs {
		s += fmt.Sprintf("%s%s %v %s coh=%.3f score=%.2f ", r.Source, adapters.Span(u, bodies[r.Source], r.Start, r.End), r.Molecules, r.Strategy, r.Coherence, r.Score)
	}
	return s
}
