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
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// radMerged judges that the windows of one compound are merged: none
// overlaps or touches another.
func radMerged(_ *suite.T, _ adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	return invariant.RadialMerged(ans)
}

// radOrderIndependent judges that the same documents and atoms, shuffled,
// give the same windows (compared in canonical order).
func radOrderIndependent(t *suite.T, req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	again := call.MustRadialWindows(t, shuffledRadial(req, t.Seed()+int64(len(req.Atoms))))
	return sameRadialWindows(canonicalWindows(ans.Windows), canonicalWindows(again.Windows))
}

// radEqualsReference judges the windows, their atoms, costs, scores and
// order against the reference's for the same request. The reference counts
// bytes: an implementation counting another unit is compared on requests
// whose documents are ASCII only, where every unit counts alike (elsewhere
// its radius reaches other text, and nothing can be compared).
func radEqualsReference(t *suite.T, req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	if t.Unit() != unit.Bytes && !asciiDocuments(req.Documents) {
		return nil
	}
	want, err := radial.Windows(req.Documents, req.Atoms, req.Radius)
	if err != nil {
		return fmt.Errorf("reference rejects the request: %v", err)
	}
	return sameRadialWindows(want, ans.Windows)
}

// radCost judges each window's cost (RAD-04), allowing a window whose edge
// cut a character (repaired by the conversion, RAD-29's fault) the units
// its edges moved.
func radCost(t *suite.T, req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	slack := map[int]int{}
	for _, r := range t.Repairs().Of(cutting...) {
		var i int
		var edge string
		if n, _ := fmt.Sscanf(r.What, "window %d %s", &i, &edge); n == 2 {
			slack[i] += max(r.At-r.Raw, r.Raw-r.At)
		}
	}
	return invariant.RadialCost(req, ans, t.Unit(), slack)
}

// radSplit7030 judges that a term with direct and related atoms gives them
// 70% and 30% of its share, evenly, up to rounding down.
func radSplit7030(_ adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
	return invariant.Split7030(ans)
}

// radSplitEqualsReference judges the split against the reference's, terms
// compared in label order.
func radSplitEqualsReference(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
	want, err := radial.Split(req.Budget, req.Terms)
	if err != nil {
		return fmt.Errorf("reference rejects the request: %v", err)
	}
	if !reflect.DeepEqual(normalShares(want), normalShares(ans.Shares)) {
		return fmt.Errorf("shares %s, the reference gives %s", jsonenc.Message(ans.Shares), jsonenc.Message(want))
	}
	return nil
}

// radRenderedHolds judges that the rendered text, when the answer carries
// one, holds every window's text in the answer's order.
func radRenderedHolds(t *suite.T, _ adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	return invariant.RenderedHolds(ans.Rendered, windowTexts(ans.Windows), t.Unit())
}

// radIngestEqualsReference judges the ingested atoms against the
// reference's: one per maximal run of letters and digits, labelled in lower
// case (identical atoms once, in canonical order).
func radIngestEqualsReference(_ *suite.T, req adapters.RadialIngestRequest, ans adapters.RadialIngestAnswer) error {
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
}

// ingestOnCharacters holds for every answer: RAD-30 fails on the repair
// the conversion recorded for an atom inside a character (unrepaired).
func ingestOnCharacters(adapters.RadialIngestRequest, adapters.RadialIngestAnswer) error { return nil }

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

// single asks for the window of atom a alone. When the answer is not one
// window of a's compound inside its document, the check that asked fails
// on it; if those windows overlap or touch, the answer breaks RAD-02's
// judgement too (an atom's window listed twice is one fault, RAD-02's):
// radImpliedMerged records it.
func single(t *suite.T, req adapters.RadialWindowsRequest, a radial.Atom) (radial.Window, error) {
	one := req
	one.Atoms = []radial.Atom{a}
	ans, err := call.RadialWindows(t, one)
	if err != nil {
		return radial.Window{}, errors.New(rejected(t, err))
	}
	w, err := invariant.SingleWindow(one, ans, a)
	if err != nil {
		radImpliedMerged(t, ans)
	}
	return w, err
}

// radImpliedMerged records, for a failing answer, whether RAD-02's
// judgement (windows of one compound merged) fails it too: windows that
// overlap or touch and were not merged make a check that counts windows,
// or compares them with the merge of single-atom windows, fail because
// they break RAD-02's sentence (one fault, one failure).
func radImpliedMerged(t *suite.T, ans adapters.RadialWindowsAnswer) {
	t.ImpliedBy("RAD-02", invariant.RadialMerged(ans) != nil)
}

// perAtom judges the windows of single atoms: for up to perAtomLimit atoms
// of each generated request, a request holding that atom alone. judge is a
// predicate of the atom's document, the atom, the radius, its window and the
// unit (invariant.RadialBound, ...).
func perAtom(name string, judge func(inflate.Document, radial.Atom, int, radial.Window, unit.Unit) error) func(*suite.T) {
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
				if err := judge(docs[a.CompoundID], a, req.Radius, w, t.Unit()); err != nil {
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
			radImpliedMerged(t, ans)
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
		s += fmt.Sprintf("%s[%d,%d] cost=%d score=%.2f atoms=%s ", w.CompoundID, w.Start, w.End, w.Cost, w.Score, jsonenc.Message(w.Atoms))
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
	for i, w := range want {
		if i == len(got) {
			return fmt.Sprintf("missing %s", jsonenc.Message(w))
		}
		if w != got[i] {
			return fmt.Sprintf("atom %d is %s, want %s", i, jsonenc.Message(got[i]), jsonenc.Message(w))
		}
	}
	if len(got) > len(want) {
		return fmt.Sprintf("extra %s", jsonenc.Message(got[len(want)]))
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
	return texts(ws, func(w radial.Window) string { return w.Text })
}

// asciiDocuments reports whether every body is ASCII, where bytes, runes
// and UTF-16 units count alike.
func asciiDocuments(docs []inflate.Document) bool {
	for _, d := range docs {
		for i := 0; i < len(d.Body); i++ {
			if d.Body[i] >= 0x80 {
				return false
			}
		}
	}
	return true
}
