package properties

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/suite"
)

func radialRequirements() []suite.Requirement {
	std := adapters.Radial
	p := suite.Property.Of(std)
	type W = adapters.RadialWindowsAnswer
	type R = adapters.RadialWindowsRequest
	return []suite.Requirement{
		p("RAD-01", "std085 protocol §5.4; units", suite.Must,
			"Every window lies inside its document, its text is exactly the document's bytes between its offsets, and no edge cuts a multi-byte character.",
			radialWindows("inside", func(t *suite.T, req R, ans W) error {
				if err := repaired(t, anyRepair...); err != nil {
					return err
				}
				return invariant.RadialInside(req, ans)
			})),
		p("RAD-02", "std085 protocol §5.4", suite.Must,
			"Windows of one compound are sorted by start and merged: none overlaps or touches the previous one (start <= previous end merges).",
			radialWindows("merged", func(_ *suite.T, _ R, ans W) error { return invariant.RadialMerged(ans) })),
		p("RAD-03", "std085 protocol §5.1, §5.4", suite.Must,
			"Every atom (identical atoms counted once) is listed by exactly one window of its compound, which holds its offset.",
			radialWindows("assigned", func(_ *suite.T, req R, ans W) error { return invariant.RadialAssigned(req, ans) })),
		p("RAD-04", "std085 protocol §5.3", suite.Must,
			"A window's cost is its length, except that white space in code documents costs nothing.",
			radialWindows("cost", func(t *suite.T, req R, ans W) error { return invariant.RadialCost(req, ans, t.Unit()) })),
		p("RAD-05", "std085 protocol §5.2–5.3", suite.Must,
			"The window of a single atom costs at most 2·radius (white space of code free).",
			perAtom("radius-bound", func(t *suite.T, d inflate.Document, a radial.Atom, r int, w radial.Window) error {
				return invariant.RadialBound(d, a, r, w, t.Unit())
			})),
		p("RAD-06", "std085 protocol §5.2", suite.Must,
			"The window of a single prose or data atom reaches the radius on each side, clamped to the document, moved inward only as far as needed not to cut a character.",
			perAtom("prose-reach", func(t *suite.T, d inflate.Document, a radial.Atom, r int, w radial.Window) error {
				return invariant.RadialReach(d, a, r, w, t.Unit())
			})),
		p("RAD-07", "std085 protocol §5.3 (block boundaries, indentation)", suite.Should,
			"When the line of a code atom fits in 2·radius, the atom's window is whole lines holding that line: indentation is kept.",
			perAtom("code-lines", func(t *suite.T, d inflate.Document, a radial.Atom, r int, w radial.Window) error {
				return invariant.RadialWholeLines(d, a, r, w, t.Unit())
			})),
		p("RAD-08", "std085 protocol §5.4", suite.Should,
			"The merged windows are exactly the single-atom windows joined where they overlap or touch, neither grown nor cut.",
			radialUnion),
		p("RAD-09", "std085 protocol §5.4; determinism", suite.Must,
			"The windows do not depend on the order of the documents or atoms in the request.",
			radialWindows("order-independent", func(t *suite.T, req R, ans W) error {
				again := call.MustRadialWindows(t, shuffledRadial(req, t.Seed()+int64(len(req.Atoms))))
				return sameRadialWindows(canonicalWindows(ans.Windows), canonicalWindows(again.Windows))
			})),
		p("RAD-10", "std085 protocol §5.3–5.4 (reference)", suite.Reference,
			"Windows, their atoms, costs, scores and order equal the reference's.",
			radialWindows("equals-reference", func(_ *suite.T, req R, ans W) error {
				want, err := radial.Windows(req.Documents, req.Atoms, req.Radius)
				if err != nil {
					return fmt.Errorf("reference rejects the request: %v", err)
				}
				return sameRadialWindows(want, ans.Windows)
			})),
		p("RAD-11", "std085 protocol §5.5", suite.Must,
			"The 70/30 split never hands out more than the budget: every term is reported once, no amount is negative, and no term's atoms receive more than its total.",
			radialSplit("within-budget", func(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
				return invariant.SplitWithin(req, ans)
			})),
		p("RAD-12", "std085 protocol §5.5", suite.Must,
			"At most 5 related atoms are served per term, and no term serves more atoms than it brings.",
			radialSplit("served", func(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
				return invariant.SplitServed(req, ans)
			})),
		p("RAD-13", "std085 protocol §5.5", suite.Must,
			"A term with direct and related atoms gives 70% of its share to its direct atoms and 30% to its related atoms, evenly, up to rounding down.",
			radialSplit("70-30", func(_ adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
				return invariant.Split7030(ans)
			})),
		p("RAD-14", "std085 protocol §5.5 (evenly split)", suite.Should,
			"The terms that bring atoms receive equal shares of the budget.",
			radialSplit("even", func(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
				return invariant.SplitEven(req, ans)
			})),
		p("RAD-15", "std085 protocol §5.5 (reference)", suite.Reference,
			"The split equals the reference's.",
			radialSplit("equals-reference", func(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
				want, err := radial.Split(req.Budget, req.Terms)
				if err != nil {
					return fmt.Errorf("reference rejects the request: %v", err)
				}
				if !reflect.DeepEqual(normalShares(want), normalShares(ans.Shares)) {
					return fmt.Errorf("shares %+v, the reference gives %+v", ans.Shares, want)
				}
				return nil
			})),
		p("RAD-16", "std085 protocol §5.1", suite.Must,
			"Ingest records atoms of known compounds, each with a label and an offset inside the body on a character boundary, none twice.",
			radialIngest("valid", func(t *suite.T, req adapters.RadialIngestRequest, ans adapters.RadialIngestAnswer) error {
				if err := repaired(t, anyRepair...); err != nil {
					return err
				}
				return invariant.IngestValid(req, ans)
			})),
		p("RAD-17", "std085 protocol §5.1", suite.Should,
			"Each ingested atom's label is the text at its offset, compared without case.",
			radialIngest("labels", func(_ *suite.T, req adapters.RadialIngestRequest, ans adapters.RadialIngestAnswer) error {
				return invariant.IngestLabels(req, ans)
			})),
		p("RAD-28", "std085 protocol §5.4; rendered output", suite.Must,
			"When the answer carries the rendered text handed to the model, it holds every window's text, in the answer's order.",
			radialWindows("rendered-holds", func(t *suite.T, _ R, ans W) error {
				return invariant.RenderedHolds(ans.Rendered, windowTexts(ans.Windows), t.Unit())
			})),
		p("RAD-18", "std085 protocol §5.1 (reference)", suite.Reference,
			"Ingest records exactly the reference's atoms: one per maximal run of letters and digits, labelled in lower case.",
			radialIngest("equals-reference", func(_ *suite.T, req adapters.RadialIngestRequest, ans adapters.RadialIngestAnswer) error {
				x, err := radial.Ingest(req.Documents)
				if err != nil {
					return fmt.Errorf("reference rejects the request: %v", err)
				}
				var want []radial.Atom
				for _, l := range x.Labels() {
					want = append(want, x.Lookup(l)...)
				}
				want, got := radial.Unique(want), radial.Unique(ans.Atoms)
				if !reflect.DeepEqual(nonNilAtoms(want), nonNilAtoms(got)) {
					return fmt.Errorf("%d atoms, the reference records %d; first difference: %s", len(got), len(want), firstDiff(want, got))
				}
				return nil
			})),
	}
}

// radialWindows turns a judgement of one RadialWindows answer into a
// property over generated requests.
func radialWindows(name string, judge func(*suite.T, adapters.RadialWindowsRequest, adapters.RadialWindowsAnswer) error) func(*suite.T) {
	return answered[radialCase](name, edgesRadialCase(), genRadialCase(), call.RadialWindows, judge)
}

// perAtomLimit is how many atoms of a case are windowed one by one.
const perAtomLimit = 6

// distinctAtoms returns up to n atoms of req, identical ones once, in
// request order.
func distinctAtoms(req adapters.RadialWindowsRequest, n int) []radial.Atom {
	seen := map[radial.Atom]bool{}
	var out []radial.Atom
	for _, a := range req.Atoms {
		if len(out) == n {
			break
		}
		k := a
		k.Score = 0
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	return out
}

// single asks for the window of atom a alone.
func single(t *suite.T, req adapters.RadialWindowsRequest, a radial.Atom) (radial.Window, error) {
	one := req
	one.Atoms = []radial.Atom{a}
	ans, err := call.RadialWindows(t, one)
	if err != nil {
		return radial.Window{}, errors.New(rejected(t, err))
	}
	return invariant.SingleWindow(one, ans, a)
}

// perAtom judges the windows of single atoms: for up to perAtomLimit atoms
// of each generated request, a request holding that atom alone.
func perAtom(name string, judge func(*suite.T, inflate.Document, radial.Atom, int, radial.Window) error) func(*suite.T) {
	return func(t *suite.T) {
		suite.ForAll(t, name, edgesRadialCase(), genRadialCase(), func(c radialCase) string {
			req := c.Request()
			docs := map[string]inflate.Document{}
			for _, d := range req.Documents {
				docs[d.ID] = d
			}
			for _, a := range distinctAtoms(req, perAtomLimit) {
				w, err := single(t, req, a)
				if err != nil {
					return err.Error()
				}
				if err := judge(t, docs[a.CompoundID], a, req.Radius, w); err != nil {
					return err.Error()
				}
			}
			return ""
		})
	}
}

// unionLimit is how many atoms of a case the union property uses.
const unionLimit = 10

// radialUnion: the windows of some atoms are the merge of their single-atom
// windows.
func radialUnion(t *suite.T) {
	suite.ForAll(t, "union", edgesRadialCase(), genRadialCase(), func(c radialCase) string {
		req := c.Request()
		req.Atoms = distinctAtoms(req, unionLimit)
		var singles []invariant.RadialSpan
		for _, a := range req.Atoms {
			w, err := single(t, req, a)
			if err != nil {
				return err.Error()
			}
			singles = append(singles, invariant.RadialSpan{Compound: a.CompoundID, Start: w.Start, End: w.End})
		}
		ans, err := call.RadialWindows(t, req)
		if err != nil {
			return rejected(t, err)
		}
		if err := invariant.RadialUnion(ans, singles); err != nil {
			return err.Error()
		}
		return ""
	})
}

// shuffledRadial returns req with its documents and atoms in another order.
func shuffledRadial(req adapters.RadialWindowsRequest, seed int64) adapters.RadialWindowsRequest {
	rng := rand.New(rand.NewSource(seed))
	req.Atoms = shuffle(rng, req.Atoms)
	req.Documents = shuffle(rng, req.Documents)
	return req
}

// canonicalWindows orders windows by compound, start and end, and each
// window's atoms canonically, for answers whose order is the
// implementation's to choose.
func canonicalWindows(ws []radial.Window) []radial.Window {
	out := make([]radial.Window, len(ws))
	for i, w := range ws {
		w.Atoms = radial.Unique(w.Atoms)
		out[i] = w
	}
	slices.SortStableFunc(out, func(a, b radial.Window) int {
		return cmp.Or(strings.Compare(a.CompoundID, b.CompoundID), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	return out
}

// sameRadialWindows compares two window lists position by position.
func sameRadialWindows(want, got []radial.Window) error {
	if len(want) != len(got) {
		return fmt.Errorf("%d windows, want %d:\n got  %s\n want %s", len(got), len(want), briefRadial(got), briefRadial(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		if w.CompoundID != g.CompoundID || w.Start != g.Start || w.End != g.End || w.Text != g.Text || w.Cost != g.Cost ||
			w.Score != g.Score || !reflect.DeepEqual(nonNilAtoms(w.Atoms), nonNilAtoms(g.Atoms)) {
			return fmt.Errorf("window %d differs:\n got  %s\n want %s", i, briefRadial(got[i:i+1]), briefRadial(want[i:i+1]))
		}
	}
	return nil
}

func briefRadial(ws []radial.Window) string {
	s := ""
	for _, w := range ws {
		s += fmt.Sprintf("%s[%d,%d] cost=%d score=%.2f atoms=%v ", w.CompoundID, w.Start, w.End, w.Cost, w.Score, w.Atoms)
	}
	return s
}

func nonNilAtoms(a []radial.Atom) []radial.Atom {
	if a == nil {
		return []radial.Atom{}
	}
	return a
}

// firstDiff describes where got first departs from want, for messages:
// "atom i is x, want y", a missing or an extra atom at the end, or "none".
func firstDiff[E comparable](want, got []E) string {
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			return fmt.Sprintf("atom %d is %+v, want %+v", i, got[i], want[i])
		}
	}
	if len(want) > len(got) {
		return fmt.Sprintf("missing %+v", want[len(got)])
	}
	if len(got) > len(want) {
		return fmt.Sprintf("extra %+v", got[len(want)])
	}
	return "none"
}

// radialSplit turns a judgement of one split into a property.
func radialSplit(name string, judge func(adapters.RadialSplitRequest, adapters.RadialSplitAnswer) error) func(*suite.T) {
	return func(t *suite.T) {
		suite.ForAll(t, name, edgesSplitCase(), genSplitCase(), func(c splitCase) string {
			req := c.Request()
			ans, err := call.RadialSplit(t, req)
			if err != nil {
				return rejected(t, err)
			}
			if err := judge(req, ans); err != nil {
				return err.Error()
			}
			return ""
		})
	}
}

// normalShares puts the terms in label order, an empty list as nil, for
// comparison.
func normalShares(s radial.Shares) radial.Shares {
	s.Terms = slices.Clone(s.Terms)
	slices.SortStableFunc(s.Terms, func(a, b radial.Share) int { return strings.Compare(a.Term, b.Term) })
	if len(s.Terms) == 0 {
		s.Terms = nil
	}
	return s
}

// radialIngest turns a judgement of one ingest into a property over the
// documents of generated cases.
func radialIngest(name string, judge func(*suite.T, adapters.RadialIngestRequest, adapters.RadialIngestAnswer) error) func(*suite.T) {
	return func(t *suite.T) {
		suite.ForAll(t, name, edgesRadialCase(), genRadialCase(), func(c radialCase) string {
			req := adapters.RadialIngestRequest{Documents: c.Documents()}
			t.TakeRepairs()
			ans, err := call.RadialIngest(t, req)
			if err != nil {
				return rejected(t, err)
			}
			if err := judge(t, req, ans); err != nil {
				return withRepairs(err.Error(), t.TakeRepairs())
			}
			return ""
		})
	}
}

// windowTexts is the text of each window, in order.
func windowTexts(ws []radial.Window) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}
