package properties

import (
	"fmt"
	"math"
	"math/rand"
	"reflect"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/suite"
)

func assembleRequirements() []suite.Requirement {
	std := adapters.Assemble
	p := suite.Property.Of(std)
	return []suite.Requirement{
		p("ASM-01", "std085 protocol, Validation Criterion 1", suite.Must,
			"Listed molecules of one source whose ranges overlap or touch are in the same window.",
			assembly("adjacent-combined", func(_ *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				return invariant.AssembleCombined(req, ans)
			})),
		p("ASM-02", "std085 protocol §3, Validation Criterion 2", suite.Must,
			"Each window is exactly its document's bytes from start_byte to end_byte (gaps filled with the body's own bytes), cuts no character, and contains every molecule it lists.",
			assembly("gaps-filled", func(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				if err := repaired(t, anyRepair...); err != nil {
					return err
				}
				return invariant.AssembleFilled(req, ans)
			})),
		p("ASM-03", "std085 protocol, Validation Criterion 3", suite.Must,
			"Narrative order is kept: each window lists its molecules in byte order, no molecule is listed twice, and windows of one source do not overlap.",
			assembly("order-preserved", func(_ *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				return invariant.AssembleOrdered(req, ans)
			})),
		p("ASM-04", "std085 protocol, Validation Criterion 4", suite.Must,
			"The windows' lengths add up to at most max_chars, in every call.",
			assembly("within-budget", func(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				return invariant.AssembleBudget(req, ans, t.Unit())
			})),
		p("ASM-05", "std085 protocol, Implementation Requirements (coherence_score)", suite.Must,
			"Every coherence_score lies in [0, 1] and is never NaN.",
			assembly("coherence-range", func(_ *suite.T, _ adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				return invariant.AssembleCoherent(ans)
			})),
		p("ASM-06", "std085 protocol, Performance Targets (Character Budget Adherence)", suite.Must,
			"Fewer than 5% of the generated assemblies are over budget.",
			overBudgetShare),
		p("ASM-07", "std085 protocol §1; determinism", suite.Must,
			"The windows do not depend on the order of the documents or molecules in the request.",
			assembly("order-independent", func(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				again := call.MustAssemble(t, shuffledAssembly(req, t.Seed()+int64(len(req.Molecules))))
				return sameResults(invariant.CanonicalResults(ans.Results), invariant.CanonicalResults(again.Results))
			})),
		p("ASM-08", "std085 protocol §1; std085 §3.1 (quantity first)", suite.Should,
			"When the molecules' own bytes fit max_chars, every molecule is listed by some window.",
			assembly("keeps-all", func(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				return invariant.AssembleListedAll(req, ans, t.Unit())
			})),
		p("ASM-09", "std085 protocol, calculateCoherence (reference)", suite.Reference,
			"Each window's coherence_score and inflation_strategy follow the documented definitions for the molecules it lists.",
			assembly("documented-coherence", func(_ *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				return invariant.AssembleDocumented(req, ans)
			})),
		p("ASM-18", "std085 §4 (content with markers); rendered output", suite.Must,
			"When the answer carries the rendered text handed to the model, it holds every window's text, in the answer's order.",
			assembly("rendered-holds", func(t *suite.T, _ adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				texts := make([]string, len(ans.Results))
				for i, r := range ans.Results {
					texts[i] = r.Window
				}
				return invariant.RenderedHolds(ans.Rendered, texts, t.Unit())
			})),
		p("ASM-19", "std085 protocol, Validation Criterion 4; rendered output", suite.Should,
			"When the answer carries the rendered text handed to the model, it fits max_chars too, markers and separators counted.",
			assembly("rendered-fits", func(t *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				n := 0
				for _, r := range ans.Results {
					n += t.Unit().Len(r.Window)
				}
				return invariant.RenderedFits(ans.Rendered, &req.MaxChars, t.Unit(), n)
			})),
		p("ASM-10", "std085 protocol §1–3 (reference)", suite.Reference,
			"Windows, their molecules, labels, coherence, scores and order equal the reference's.",
			assembly("equals-reference", func(_ *suite.T, req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
				want, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
				if err != nil {
					return fmt.Errorf("reference rejects the request: %v", err)
				}
				return sameResults(want, ans.Results)
			})),
	}
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
			if worst == "" {
				worst = err.Error()
			}
		}
		return ""
	})
	share := 0.0
	if runs > 0 {
		share = float64(over) / float64(runs)
	}
	t.Notef("%d of %d assemblies over budget (%.1f%%; target < 5%%)", over, runs, 100*share)
	if runs > 0 && share >= 0.05 {
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

// sameResults compares two result lists position by position.
func sameResults(want, got []assemble.Result) error {
	if len(want) != len(got) {
		return fmt.Errorf("%d windows, want %d:\n got  %s\n want %s", len(got), len(want), briefResults(got), briefResults(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		if w.Source != g.Source || w.Start != g.Start || w.End != g.End || w.Window != g.Window || w.Strategy != g.Strategy ||
			math.Abs(w.Coherence-g.Coherence) > 1e-9 || w.Score != g.Score || !reflect.DeepEqual(nonNil(w.Molecules), nonNil(g.Molecules)) {
			return fmt.Errorf("window %d differs:\n got  %s\n want %s", i, briefResults(got[i:i+1]), briefResults(want[i:i+1]))
		}
	}
	return nil
}

func briefResults(rs []assemble.Result) string {
	s := ""
	for _, r := range rs {
		s += fmt.Sprintf("%s[%d,%d)%v %s coh=%.3f score=%.2f ", r.Source, r.Start, r.End, r.Molecules, r.Strategy, r.Coherence, r.Score)
	}
	return s
}
