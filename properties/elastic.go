package properties

import (
	"errors"
	"fmt"
	"math/rand"
	"reflect"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// elaRadiusFormula judges that the radius is clamp(floor(budget/hits/2),
// 200, 32000), so always within [200, 32000].
func elaRadiusFormula(c radiusCase, radius func(b, h int) (int, error)) error {
	r, err := radius(c.Budget, c.Hits)
	if err != nil {
		return err
	}
	if r < invariant.RadiusFloor || r > invariant.RadiusCap {
		return fmt.Errorf("radius %d outside [%d, %d]", r, invariant.RadiusFloor, invariant.RadiusCap)
	}
	if want := invariant.ElasticRadius(c.Budget, c.Hits); r != want {
		return fmt.Errorf("radius %d, want %d", r, want)
	}
	return nil
}

// elaOffFormula reports whether the radius breaks ELA-12's formula at one
// of the points a radius property compares (the case's budget and hits,
// with its more hits, with its more budget): a radius property that fails
// there follows from ELA-12's failure (the formula never grows with hits
// nor shrinks with budget, so a radius that keeps it cannot fail them).
func elaOffFormula(c radiusCase, radius func(b, h int) (int, error)) bool {
	for _, p := range [][2]int{{c.Budget, c.Hits}, {c.Budget, c.Hits + c.MoreHits}, {c.Budget + c.MoreBudget, c.Hits}} {
		if r, err := radius(p[0], p[1]); err == nil && r != invariant.ElasticRadius(p[0], p[1]) {
			return true
		}
	}
	return false
}

// elaHydrationRadius judges the radius a hydration reports
// (invariant.HydrationRadius); when it is wrong and the implementation's
// Radius answers the same wrong radius for the same budget and hits, the
// failure follows from ELA-12's: one radius fault seen through both
// operations.
func elaHydrationRadius(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
	err := invariant.HydrationRadius(req, res)
	if err != nil {
		t.ImpliedBy("ELA-12", elaRadiusFault(t, req, res))
	}
	return err
}

// elaRadiusFault reports whether the implementation's Radius answers, for
// the budget and the distinct atoms of req, the radius res reports, and
// that radius breaks ELA-12's formula: the hydration was cut at the
// operation's wrong radius.
func elaRadiusFault(t *suite.T, req adapters.HydrateRequest, res elastic.Result) bool {
	n := invariant.DistinctAtoms(req.Atoms)
	r, err := call.Radius(t, adapters.RadiusRequest{Budget: req.Budget, Hits: n})
	return err == nil && n > 0 && r == res.Radius && r != invariant.ElasticRadius(req.Budget, n)
}

// elaServesAll judges that no atom is dropped when every hit fits at the
// formula's radius (invariant.HydrationServesAll). When it fails on a
// hydration cut at a radius the implementation's Radius also answers, off
// ELA-12's formula (a radius grown wider, so fewer atoms fit), the failure
// follows from ELA-12's: one radius fault.
func elaServesAll(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
	err := invariant.HydrationServesAll(req, res)
	if err != nil {
		t.ImpliedBy("ELA-12", elaRadiusFault(t, req, res))
	}
	return err
}

// elaReach and elaNotGrown judge the windows against the answer's radius
// (invariant.HydrationReach, ELA-21; invariant.HydrationNotGrown, ELA-28).
// A radius outside what ELA-18's judgement allows (over the cap, or below
// the formula's) makes windows cut where the text puts them fail against
// it: the failure records that evidence (one fault, one failure). ELA-28
// records ELA-21's judgement of the same answer too: windows that are not
// at the answer's radius where ELA-21 judges them.
func elaReach(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
	err := invariant.HydrationReach(req, res, t.Unit())
	if err != nil {
		t.ImpliedBy("ELA-18", invariant.HydrationRadius(req, res) != nil)
	}
	return err
}

func elaNotGrown(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
	err := invariant.HydrationNotGrown(req, res, t.Unit())
	if err != nil {
		t.ImpliedBy("ELA-18", invariant.HydrationRadius(req, res) != nil)
		t.ImpliedBy("ELA-21", invariant.HydrationReach(req, res, t.Unit()) != nil)
	}
	return err
}

// elaRadiusMonotone judges that the radius does not grow with more hits and
// does not shrink with more budget.
func elaRadiusMonotone(c radiusCase, radius func(b, h int) (int, error)) error {
	base, err := radius(c.Budget, c.Hits)
	if err != nil {
		return err
	}
	more, err := radius(c.Budget, c.Hits+c.MoreHits)
	if err != nil {
		return err
	}
	if more > base {
		return fmt.Errorf("radius %d with %d hits grows to %d with %d hits", base, c.Hits, more, c.Hits+c.MoreHits)
	}
	richer, err := radius(c.Budget+c.MoreBudget, c.Hits)
	if err != nil {
		return err
	}
	if richer < base {
		return fmt.Errorf("radius %d with budget %d shrinks to %d with budget %d", base, c.Budget, richer, c.Budget+c.MoreBudget)
	}
	return nil
}

// elaCensusFinds judges the census against the atoms the case was built
// with: every whole-word, case-insensitive occurrence of a term, each
// position once.
func elaCensusFinds(_ *suite.T, req adapters.CensusRequest, want, got []radial.Atom) error {
	return invariant.CensusComplete(req.Terms, want, got)
}

// elaMerged judges that the windows of one compound are listed by start and
// neither overlap nor touch.
func elaMerged(_ *suite.T, _ adapters.HydrateRequest, res elastic.Result) error {
	return invariant.HydrationMerged(res)
}

// elaOrderIndependent judges that the same atoms and documents, shuffled,
// hydrate the same (compared in canonical order).
func elaOrderIndependent(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
	again := call.MustHydrate(t, elaShuffled(req, t.Seed()+int64(len(req.Atoms))))
	return invariant.SameHydration(invariant.CanonicalHydration(res), invariant.CanonicalHydration(again))
}

// elaRenderedHolds judges that the rendered text, when the answer carries
// one, holds every window's text in the answer's order.
func elaRenderedHolds(t *suite.T, _ adapters.HydrateRequest, res elastic.Result) error {
	return invariant.RenderedHolds(res.Rendered, windowTexts(res.Windows), t.Unit())
}

// elaEqualsReference judges the whole hydration (windows, order, costs,
// scores, kept and dropped atoms, capacity and use) against the reference's.
func elaEqualsReference(_ *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
	want, err := elastic.Hydrate(req.Documents, req.Atoms, req.Budget)
	if err != nil {
		return fmt.Errorf("the reference rejects the request: %v", err)
	}
	return invariant.SameHydration(want, res)
}

// elaCensusEqualsReference judges the census against the reference's atoms:
// lower-case labels, score 1, each once.
func elaCensusEqualsReference(_ *suite.T, req adapters.CensusRequest, _, got []radial.Atom) error {
	idx, err := radial.Ingest(req.Documents)
	if err != nil {
		return fmt.Errorf("the reference rejects the documents: %v", err)
	}
	want, err := elastic.Census(idx, req.Terms, nil)
	if err != nil {
		return fmt.Errorf("the reference's census fails: %v", err)
	}
	if w, g := invariant.SortedAtoms(want), invariant.SortedAtoms(got); !reflect.DeepEqual(w, g) {
		return fmt.Errorf("%d atoms, the reference finds %d; first difference: %s", len(g), len(w), firstDiff(w, g))
	}
	return nil
}

// elaBytesOnly skips a strict comparison with the reference, which counts
// bytes, for an implementation that counts another unit.
func elaBytesOnly(check func(*suite.T)) func(*suite.T) {
	return func(t *suite.T) {
		if t.Unit() != unit.Bytes {
			t.Skipf("the reference counts bytes; an implementation counting %s cannot match it exactly", t.Unit())
		}
		check(t)
	}
}

// elaRadiusProperty checks judge on generated radius cases; radius asks the
// implementation.
func elaRadiusProperty(name string, judge func(c radiusCase, radius func(b, h int) (int, error)) error) func(*suite.T) {
	return func(t *suite.T) {
		radius := func(b, h int) (int, error) {
			r, err := call.Radius(t, adapters.RadiusRequest{Budget: b, Hits: h})
			if err != nil && errors.Is(err, adapters.ErrFault) {
				t.OperationFailed("generated request", err)
			}
			return r, err
		}
		suite.ForAll(t, name, edgesRadiusCase(), genRadiusCase(), func(c radiusCase) string {
			if err := judge(c.Clamped(), radius); err != nil {
				t.ImpliedBy("ELA-12", elaOffFormula(c.Clamped(), radius))
				return err.Error()
			}
			return ""
		})
	}
}

// elaCensusProperty checks judge on generated census cases; want is known by
// construction.
func elaCensusProperty(name string, judge func(t *suite.T, req adapters.CensusRequest, want, got []radial.Atom) error) func(*suite.T) {
	return func(t *suite.T) {
		suite.ForAll(t, name, edgesCensusRecipe(), genCensusRecipe(), func(r censusRecipe) string {
			req, want := r.Build()
			got, err := call.Census(t, req)
			if err != nil {
				return rejected(t, err)
			}
			if err := judge(t, req, want, got); err != nil {
				return err.Error()
			}
			return ""
		})
	}
}

// elaHydration turns a judgement of one hydration into a property check: for
// every generated request the implementation must answer, and judge must
// find nothing wrong with the answer.
func elaHydration(name string, judge func(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error) func(*suite.T) {
	return answered[hydrateRecipe](name, edgesHydrateRecipe(), genHydrateRecipe(), call.Hydrate, judge)
}

// elaBudgetProperty is ELA-19, with figures: how many cases fell under the
// floor, how much of the budget was used, and how much of what the text
// allows (min(budget, text within the cap of the atoms), see
// invariant.MeasureFill).
func elaBudgetProperty() func(*suite.T) {
	return func(t *suite.T) {
		var cases, floored, dropped, allowed int
		var use, useAllowed float64
		elaHydration("budget", func(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
			n := invariant.DistinctAtoms(req.Atoms)
			cases++
			if n > 0 && n*2*invariant.ElasticRadius(req.Budget, n) > req.Budget {
				floored++
			}
			dropped += len(res.Dropped)
			f := invariant.MeasureFill(req, res, t.Unit())
			use += float64(f.Used) / float64(req.Budget)
			if f.Target > 0 {
				allowed++
				useAllowed += float64(f.Used) / float64(f.Target)
			}
			return invariant.HydrationBudget(req, res, t.Unit())
		})(t)
		if cases > 0 && allowed > 0 {
			t.Notef("%d cases, %d under the 200 floor (hits·2r > budget), %d atoms dropped; mean budget use %.0f%%, %.0f%% of what the text allows (min(budget, text within %d of the atoms), code included)",
				cases, floored, dropped, 100*use/float64(cases), 100*useAllowed/float64(allowed), invariant.RadiusCap)
		}
	}
}

// elaFillProperty is ELA-26, with figures: how many cases were judged and
// how much of what their text allows the windows filled (mean and lowest).
func elaFillProperty() func(*suite.T) {
	return func(t *suite.T) {
		var cases, judged int
		var use float64
		lowest := 1.0
		elaHydration("fills", func(t *suite.T, req adapters.HydrateRequest, res elastic.Result) error {
			cases++
			if f := invariant.MeasureFill(req, res, t.Unit()); f.Judged && f.Target > 0 {
				judged++
				share := float64(f.Used) / float64(f.Target)
				use += share
				lowest = min(lowest, share)
			}
			return invariant.HydrationFills(req, res, t.Unit())
		})(t)
		if judged > 0 {
			t.Notef("%d of %d cases judged (atoms in prose or data, floor not binding): windows fill %.1f%% of min(budget, text within %d of the atoms) on average, %.1f%% at least",
				judged, cases, 100*use/float64(judged), invariant.RadiusCap, 100*lowest)
		}
	}
}

// elaShuffled returns req with its atoms and documents in another order.
func elaShuffled(req adapters.HydrateRequest, seed int64) adapters.HydrateRequest {
	rng := rand.New(rand.NewSource(seed))
	req.Atoms = shuffle(rng, req.Atoms)
	req.Documents = shuffle(rng, req.Documents)
	return req
}
