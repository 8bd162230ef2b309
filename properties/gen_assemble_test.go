package properties

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
)

// The assembly generator makes the corners its doc names: these tests build
// requests from chosen recipes (and draw cases from a fixed seed) and check
// that each knob reaches its corner, and that any recipe is a valid request.

// asmOne builds the request of one ASCII prose document of n bytes and the
// given molecules.
func asmOne(n int, mols ...moleculeRecipe) adapters.AssembleRequest {
	return assembleCase{Text: 1, Docs: []int{n}, Count: 1, Mols: mols, Budget: 100}.Request()
}

func span(m assemble.Molecule) [2]int { return [2]int{m.Start, m.End} }

func TestAssembleCasePlacesMolecules(t *testing.T) {
	req := asmOne(3000,
		moleculeRecipe{Jitter: 100, Len: 40},
		moleculeRecipe{Mode: 1, Len: 30},     // touches the first
		moleculeRecipe{Mode: 2, Len: 60},     // overlaps the second
		moleculeRecipe{Jitter: 5000, Len: 1}, // past the end: the last character
		moleculeRecipe{Jitter: 500, Len: 0},  // no length: one character
	)
	want := [][2]int{{100, 140}, {140, 170}, {155, 215}, {2999, 3000}, {500, 501}}
	for i, m := range req.Molecules {
		if span(m) != want[i] {
			t.Errorf("molecule %d is [%d,%d), want %v", i, m.Start, m.End, want[i])
		}
	}
}

// In emoji text a length shorter than the character under the start still
// gives that one character.
func TestAssembleCaseKeepsACharacter(t *testing.T) {
	req := assembleCase{Text: 2, Script: 3, Docs: []int{400}, Count: 1, Budget: 100,
		Mols: []moleculeRecipe{{Jitter: 0, Len: 1}, {Jitter: 200, Len: 0}}}.Request()
	for _, m := range req.Molecules {
		body := req.Documents[0].Body
		if r := []rune(body[m.Start:m.End]); len(r) != 1 {
			t.Errorf("molecule %s is %q, want one character", m.ID, body[m.Start:m.End])
		}
	}
}

func TestAssembleCaseCapsMolecules(t *testing.T) {
	mols := make([]moleculeRecipe, 100)
	for i := range mols {
		mols[i] = moleculeRecipe{Center: i % 21, Len: 10}
	}
	if n := len(asmOne(12000, mols...).Molecules); n != 40 {
		t.Errorf("100 recipes give %d molecules, want the cap of 40", n)
	}
}

func TestAssembleCaseMetadata(t *testing.T) {
	var mols []moleculeRecipe
	for i := range 10 {
		mols = append(mols, moleculeRecipe{Center: i, Time: i, Vec: i, Ents: i})
	}
	req := asmOne(12000, mols...)
	for i, m := range req.Molecules {
		if known := m.Time != 0; known != (i != 0) {
			t.Errorf("Time %d gives time %d, want unknown only for 0", i, m.Time)
		}
		// Vec wraps over no vector and the four directions.
		if v := i % 5; v == 0 && m.Vector != nil || v > 0 && !slices.Equal(m.Vector, asmVectors[v-1]) {
			t.Errorf("Vec %d gives vector %v", i, m.Vector)
		}
	}
	if e := req.Molecules[1].Entities; !slices.Equal(e, []string{"alice"}) {
		t.Errorf("Ents 1 gives %v, want the first entity", e)
	}
	if e := req.Molecules[0].Entities; len(e) != 0 {
		t.Errorf("Ents 0 gives %v, want none", e)
	}
	if e := asmOne(100, moleculeRecipe{Ents: 15}).Molecules[0].Entities; len(e) != 4 {
		t.Errorf("Ents 15 gives %v, want all four entities", e)
	}
	if t1, t2 := req.Molecules[1].Time, req.Molecules[2].Time; t2-t1 != 60 {
		t.Errorf("Time 1 and 2 are %d and %d, want 60 s apart", t1, t2)
	}
}

// Whatever its numbers, a recipe is a request the reference accepts.
func TestAssembleCaseAlwaysValid(t *testing.T) {
	hostile := []assembleCase{
		{Budget: 0, Count: 0},
		{Budget: -5, Count: 9, Docs: []int{-3, 0, 1}, Kinds: []int{-7}, Script: -2, Strategy: -11,
			Mols: []moleculeRecipe{{Doc: -9, Mode: -2, Center: -4, Jitter: -1, Len: -3, Time: -200, Vec: -9, Ents: -6, Score: -30}}},
		{Text: 7, Script: 3, Docs: []int{7}, Count: 1, Budget: 1, Tune: tuning{Gap: -4, Window: -9, Sem: -41, Extend: -900},
			Mols: []moleculeRecipe{{Jitter: 9, Len: 900, Vec: 12, Time: 404}, {Mode: 4, Len: 2}, {Mode: 5}}},
	}
	for i, c := range hostile {
		req := c.Request()
		if _, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options); err != nil {
			t.Errorf("case %d: the reference rejects the request: %v", i, err)
		}
	}
}

// Drawn from a fixed seed, the cases name every strategy, keep the default
// thresholds and tune each one to its least value.
func TestAssembleCaseDraws(t *testing.T) {
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(1))
	g := genAssembleCase()
	strategies := map[assemble.Strategy]int{}
	var defaults, gap, window, sem, extend int
	for range 200 {
		v, ok := g(params.WithSize(3)).Retrieve()
		if !ok {
			t.Fatal("the generator discarded a case")
		}
		o := v.(assembleCase).Request().Options
		strategies[o.Strategy]++
		if o == (assemble.Options{Strategy: o.Strategy}) {
			defaults++
		}
		if o.GapLimit == 1 {
			gap++
		}
		if o.TimeWindow == 1 {
			window++
		}
		if o.SemanticMin == 1 {
			sem++
		}
		if o.ExtendLimit == -1 {
			extend++
		}
	}
	for _, s := range []assemble.Strategy{"", assemble.Adjacent, assemble.GapFill, assemble.Temporal, assemble.Semantic, assemble.Narrative} {
		if strategies[s] == 0 {
			t.Errorf("no case of strategy %q in 200", s)
		}
	}
	if defaults == 0 || gap == 0 || window == 0 || sem == 0 || extend == 0 {
		t.Errorf("of 200 cases: %d with default thresholds, gap_limit 1 in %d, time_window 1 in %d, semantic_min 1 in %d, extend_limit -1 in %d; want each",
			defaults, gap, window, sem, extend)
	}
}
