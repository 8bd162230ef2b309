package assemble

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// mol builds a molecule; with sets optional fields.
func mol(id, src string, start, end int, score float64) Molecule {
	return Molecule{ID: id, Source: src, Start: start, End: end, Score: score}
}

func (m Molecule) at(t int64) Molecule       { m.Time = t; return m }
func (m Molecule) vec(v ...float64) Molecule { m.Vector = v; return m }
func (m Molecule) ent(e ...string) Molecule  { m.Entities = e; return m }
func span(body, sub string) (int, int)       { i := strings.Index(body, sub); return i, i + len(sub) }
func molOf(id, src, body, sub string, score float64) Molecule {
	s, e := span(body, sub)
	if s < 0 {
		panic("test body lacks " + sub)
	}
	return mol(id, src, s, e, score)
}

// section3Body is §3's example: A = [1000,1200) "A"s, a 50-byte gap of "g"s,
// B = [1250,1400) "B"s, then 100 "y"s; 1500 bytes, no boundary but its ends.
var section3Body = strings.Repeat("x", 1000) + strings.Repeat("A", 200) + strings.Repeat("g", 50) +
	strings.Repeat("B", 150) + strings.Repeat("y", 100)

const alnum = "abcdefghijklmnopqrstuvwxyz0123456789" // 36 bytes, no boundary but its ends

const noExtend = -1

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// sameResults compares results, coherence to 1e-12.
func sameResults(t *testing.T, got, want []Result) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d results, want %d:\n got %+v\nwant %+v", len(got), len(want), got, want)
	}
	for i := range got {
		g, w := got[i], want[i]
		gc, wc := g.Coherence, w.Coherence
		g.Coherence, w.Coherence = 0, 0
		if !reflect.DeepEqual(g, w) || !near(gc, wc) {
			t.Errorf("result %d:\n got %+v coherence %v\nwant %+v coherence %v", i, g, gc, w, wc)
		}
	}
}

func TestWindows(t *testing.T) {
	d := []Document{{ID: "d", Body: alnum}}
	s3 := []Document{{ID: "s3", Body: section3Body}}
	A, B := mol("A", "s3", 1000, 1200, 0.9), mol("B", "s3", 1250, 1400, 0.5)
	AgB := strings.Repeat("A", 200) + strings.Repeat("g", 50) + strings.Repeat("B", 150)
	tests := []struct {
		name string
		docs []Document
		mols []Molecule
		max  int
		opt  Options
		want []Result
	}{
		{
			// §3: 350 bytes of molecules + 50 of gap = 400 = budget; extension has nothing left.
			name: "section 3 example", docs: s3, mols: []Molecule{A, B}, max: 400,
			want: []Result{{AgB, "s3", 1000, 1400, []string{"A", "B"}, GapFill, 1 - 50.0/500, 0.9}},
		},
		{
			// 9600 bytes left; no start boundary within 500 bytes before 1000;
			// the body's end (1500) is 100 bytes after 1400: extended.
			name: "section 3 extended to body end", docs: s3, mols: []Molecule{B, A}, max: 10000,
			want: []Result{{AgB + strings.Repeat("y", 100), "s3", 1000, 1500, []string{"A", "B"}, GapFill, 0.9, 0.9}},
		},
		{
			// Both blocks fit (350), 49 left < gap 50: not joined; extensions (300, 100) do not fit.
			name: "section 3 gap over budget", docs: s3, mols: []Molecule{A, B}, max: 399,
			want: []Result{
				{strings.Repeat("A", 200), "s3", 1000, 1200, []string{"A"}, Single, 1, 0.9},
				{strings.Repeat("B", 150), "s3", 1250, 1400, []string{"B"}, Single, 1, 0.5},
			},
		},
		{
			name: "gap equal to limit is not filled", docs: s3, mols: []Molecule{A, B}, max: 400,
			opt: Options{GapLimit: 50},
			want: []Result{
				{strings.Repeat("A", 200), "s3", 1000, 1200, []string{"A"}, Single, 1, 0.9},
				{strings.Repeat("B", 150), "s3", 1250, 1400, []string{"B"}, Single, 1, 0.5},
			},
		},
		{
			name: "gap one below limit", docs: s3, mols: []Molecule{A, B}, max: 400,
			opt:  Options{GapLimit: 51},
			want: []Result{{AgB, "s3", 1000, 1400, []string{"A", "B"}, GapFill, 1 - 50.0/51, 0.9}},
		},
		{
			name: "touching", docs: d, mols: []Molecule{mol("b", "d", 5, 10, 0.4), mol("a", "d", 0, 5, 0.5)}, max: 100,
			opt:  Options{ExtendLimit: noExtend},
			want: []Result{{"abcdefghij", "d", 0, 10, []string{"a", "b"}, Adjacent, 1, 0.5}},
		},
		{
			name: "overlapping", docs: d, mols: []Molecule{mol("a", "d", 0, 6, 0.1), mol("b", "d", 4, 10, 0.2)}, max: 10,
			opt:  Options{ExtendLimit: noExtend},
			want: []Result{{"abcdefghij", "d", 0, 10, []string{"a", "b"}, Adjacent, 1, 0.2}},
		},
		{
			// byte order a [0,10), b [2,4), c [10,12): b nested (gap -8), c touches extent 10.
			name: "nested then touching", docs: d,
			mols: []Molecule{mol("c", "d", 10, 12, 0), mol("b", "d", 2, 4, 0), mol("a", "d", 0, 10, 0)}, max: 12,
			opt:  Options{ExtendLimit: noExtend},
			want: []Result{{"abcdefghijkl", "d", 0, 12, []string{"a", "b", "c"}, Adjacent, 1, 0}},
		},
		{
			// gap 3, limit 10: 1 - 3/10.
			name: "gap fill", docs: d, mols: []Molecule{mol("a", "d", 0, 5, 1), mol("b", "d", 8, 12, 1)}, max: 36,
			opt:  Options{GapLimit: 10, ExtendLimit: noExtend},
			want: []Result{{"abcdefghijkl", "d", 0, 12, []string{"a", "b"}, GapFill, 0.7, 1}},
		},
		{
			// gap 17 >= 5; dt 900 of 3600: 1 - 900/3600.
			name: "temporal", docs: d, mols: []Molecule{mol("a", "d", 0, 3, 1).at(1000), mol("b", "d", 20, 23, 1).at(1900)}, max: 36,
			opt:  Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Temporal, 0.75, 1}},
		},
		{
			name: "temporal too far apart", docs: d, mols: []Molecule{mol("a", "d", 0, 3, 1).at(1000), mol("b", "d", 20, 23, 2).at(4601)}, max: 36,
			opt: Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{
				{"uvw", "d", 20, 23, []string{"b"}, Single, 1, 2},
				{"abc", "d", 0, 3, []string{"a"}, Single, 1, 1},
			},
		},
		{
			name: "temporal needs both times", docs: d, mols: []Molecule{mol("a", "d", 0, 3, 1), mol("b", "d", 20, 23, 2).at(5)}, max: 36,
			opt: Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{
				{"uvw", "d", 20, 23, []string{"b"}, Single, 1, 2},
				{"abc", "d", 0, 3, []string{"a"}, Single, 1, 1},
			},
		},
		{
			// cos((3,4),(4,3)) = 24/25.
			name: "semantic", docs: d, mols: []Molecule{mol("a", "d", 0, 3, 1).vec(3, 4), mol("b", "d", 20, 23, 1).vec(4, 3)}, max: 36,
			opt:  Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Semantic, 0.96, 1}},
		},
		{
			name: "semantic orthogonal and zero vectors", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 3).vec(1, 0), mol("b", "d", 20, 23, 2).vec(0, 1), mol("c", "d", 30, 33, 1).vec(0, 0)}, max: 36,
			opt: Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{
				{"abc", "d", 0, 3, []string{"a"}, Single, 1, 3},
				{"uvw", "d", 20, 23, []string{"b"}, Single, 1, 2},
				{"456", "d", 30, 33, []string{"c"}, Single, 1, 1},
			},
		},
		{
			// cos((4,3),(1,0)) = 4/5, exactly the default SemanticMin 0.8: "at
			// least" joins. (Each side of the division rounds to the double
			// nearest 0.8, so the tie is exact in floating point too.)
			name: "semantic at the default minimum", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).vec(4, 3), mol("b", "d", 20, 23, 1).vec(1, 0)}, max: 36,
			opt:  Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Semantic, 0.8, 1}},
		},
		{
			// One-dimensional vectors are vectors: cos((2),(3)) = 6/(2·3) = 1.
			name: "semantic with one dimension", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).vec(2), mol("b", "d", 20, 23, 1).vec(3)}, max: 36,
			opt:  Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Semantic, 1, 1}},
		},
		{
			// SemanticMin 1 is inside [0, 1]: parallel vectors (cos 1) still join.
			name: "semantic minimum 1 admits parallel vectors", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).vec(0, 5), mol("b", "d", 20, 23, 1).vec(0, 2)}, max: 36,
			opt:  Options{SemanticMin: 1, GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Semantic, 1, 1}},
		},
		{
			// dt 3600 = TimeWindow: "at most" joins, with score 1 - 3600/3600 = 0,
			// the lowest coherence a window can have.
			name: "temporal at the window edge scores 0", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).at(1000), mol("b", "d", 20, 23, 1).at(4600)}, max: 36,
			opt:  Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Temporal, 0, 1}},
		},
		{
			// Jaccard {alice,bob} vs {bob,carol} = 1/3.
			name: "narrative only", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).at(100).ent("alice", "bob"), mol("b", "d", 20, 23, 1).at(200).ent("bob", "carol", "bob")}, max: 36,
			opt:  Options{Strategy: Narrative, GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Narrative, 1.0 / 3, 1}},
		},
		{
			// Same pair in the full cascade: temporal applies first (label), and
			// its score 1 - 100/3600 beats Jaccard 1/3 (coherence).
			name: "cascade picks temporal, coherence takes best score", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).at(100).ent("alice", "bob"), mol("b", "d", 20, 23, 1).at(200).ent("bob", "carol")}, max: 36,
			opt:  Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Temporal, 1 - 100.0/3600, 1}},
		},
		{
			name: "narrative when times are far apart", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).at(100).ent("alice", "bob"), mol("b", "d", 20, 23, 1).at(100000).ent("bob", "carol")}, max: 36,
			opt:  Options{GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Narrative, 1.0 / 3, 1}},
		},
		{
			name: "narrative time must not go back", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 2).at(200).ent("bob"), mol("b", "d", 20, 23, 1).at(100).ent("bob")}, max: 36,
			opt: Options{Strategy: Narrative, GapLimit: 5, ExtendLimit: noExtend},
			want: []Result{
				{"abc", "d", 0, 3, []string{"a"}, Single, 1, 2},
				{"uvw", "d", 20, 23, []string{"b"}, Single, 1, 1},
			},
		},
		{
			// a-b gap 2 of 10: 0.8 (a has no time); b-c gap 22, dt 1800: 0.5. Mean 0.65; loosest temporal.
			name: "cascade mix", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 0.2), mol("b", "d", 5, 8, 0.3).at(1000), mol("c", "d", 30, 33, 0.1).at(2800)}, max: 36,
			opt:  Options{GapLimit: 10, ExtendLimit: noExtend},
			want: []Result{{alnum[:33], "d", 0, 33, []string{"a", "b", "c"}, Temporal, 0.65, 0.3}},
		},
		{
			// gap 3 of 10 gives 0.7, temporal dt 0 gives 1: label gap_fill, coherence 1.
			name: "pair score is the best applicable", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).at(1000), mol("b", "d", 6, 9, 1).at(1000)}, max: 36,
			opt:  Options{GapLimit: 10, ExtendLimit: noExtend},
			want: []Result{{alnum[:9], "d", 0, 9, []string{"a", "b"}, GapFill, 1, 1}},
		},
		{
			name: "temporal mode disables gap fill", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 2), mol("b", "d", 5, 8, 1)}, max: 36,
			opt: Options{Strategy: Temporal, ExtendLimit: noExtend},
			want: []Result{
				{"abc", "d", 0, 3, []string{"a"}, Single, 1, 2},
				{"fgh", "d", 5, 8, []string{"b"}, Single, 1, 1},
			},
		},
		{
			name: "adjacent mode disables temporal", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 2).at(5), mol("b", "d", 20, 23, 1).at(5), mol("c", "d", 23, 25, 0)}, max: 36,
			opt: Options{Strategy: Adjacent, ExtendLimit: noExtend},
			want: []Result{
				{"abc", "d", 0, 3, []string{"a"}, Single, 1, 2},
				{"uvwxy", "d", 20, 25, []string{"b", "c"}, Adjacent, 1, 1},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustWindows(t, tt.docs, tt.mols, tt.max, tt.opt)
			sameResults(t, got, tt.want)
		})
	}
}

// mustWindows runs Windows and checks its output with Check.
func mustWindows(t *testing.T, docs []Document, mols []Molecule, max int, opt Options) []Result {
	t.Helper()
	got, err := Windows(docs, mols, max, opt)
	if err != nil {
		t.Fatalf("Windows: %v", err)
	}
	if err := Check(docs, mols, max, got); err != nil {
		t.Fatalf("Check of Windows output: %v", err)
	}
	return got
}
