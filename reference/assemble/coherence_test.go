package assemble

import (
	"math"
	"strings"
	"testing"
)

func TestCoherence(t *testing.T) {
	tests := []struct {
		name  string
		mols  []Molecule
		opt   Options
		want  float64
		label Strategy // "" means Label must fail
	}{
		{"single", []Molecule{mol("a", "s", 0, 5, 0)}, Options{}, 1, Single},
		{"adjacent", []Molecule{mol("a", "s", 0, 5, 0), mol("b", "s", 5, 9, 0)}, Options{}, 1, Adjacent},
		{"section 3", []Molecule{mol("B", "s", 1250, 1400, 0), mol("A", "s", 1000, 1200, 0)}, Options{}, 0.9, GapFill},
		// gaps 100 and 250 of 500: (0.8 + 0.5)/2.
		{"two gaps", []Molecule{mol("a", "s", 0, 100, 0), mol("b", "s", 200, 300, 0), mol("c", "s", 550, 600, 0)}, Options{}, 0.65, GapFill},
		// gap measured from the extent: a [0,100) holds b [10,20); c starts 50 after 100.
		{"gap from extent", []Molecule{mol("a", "s", 0, 100, 0), mol("b", "s", 10, 20, 0), mol("c", "s", 150, 160, 0)}, Options{}, (1 + 0.9) / 2, GapFill},
		{"unjoined pair scores 0", []Molecule{mol("a", "s", 0, 10, 0), mol("b", "s", 600, 610, 0)}, Options{}, 0, ""},
		{"zero vectors", []Molecule{mol("a", "s", 0, 10, 0).vec(0, 0), mol("b", "s", 600, 610, 0).vec(0, 0)}, Options{}, 0, ""},
		{"opposite vectors", []Molecule{mol("a", "s", 0, 10, 0).vec(1, 1), mol("b", "s", 600, 610, 0).vec(-1, -1)}, Options{SemanticMin: 1e-9}, 0, ""},
		{"huge vectors", []Molecule{mol("a", "s", 0, 10, 0).vec(1e300, 1e300), mol("b", "s", 600, 610, 0).vec(2e300, 2e300)}, Options{}, 1, Semantic},
		{"tiny vectors", []Molecule{mol("a", "s", 0, 10, 0).vec(1e-320, 0), mol("b", "s", 600, 610, 0).vec(3e-320, 0)}, Options{}, 1, Semantic},
		// dt 2^63-1 - 1 fits no window but must not overflow.
		{"extreme times", []Molecule{mol("a", "s", 0, 10, 0).at(1), mol("b", "s", 600, 610, 0).at(math.MaxInt64)}, Options{}, 0, ""},
		{"extreme times other way", []Molecule{mol("a", "s", 0, 10, 0).at(math.MaxInt64), mol("b", "s", 600, 610, 0).at(math.MinInt64)}, Options{}, 0, ""},
		{"time window edge", []Molecule{mol("a", "s", 0, 10, 0).at(10), mol("b", "s", 600, 610, 0).at(70)}, Options{TimeWindow: 60}, 0, Temporal},
		// Jaccard with duplicates: {x,y} vs {y,z}: 1/3.
		{"jaccard sets", []Molecule{mol("a", "s", 0, 10, 0).at(1).ent("x", "y", "x"), mol("b", "s", 600, 610, 0).at(1e6).ent("y", "z")}, Options{}, 1.0 / 3, Narrative},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Coherence(tt.mols, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if !near(got, tt.want) {
				t.Errorf("Coherence = %v, want %v", got, tt.want)
			}
			label, err := Label(tt.mols, tt.opt)
			switch {
			case tt.label == "" && err == nil:
				t.Errorf("Label = %q, want an error", label)
			case tt.label != "" && (err != nil || label != tt.label):
				t.Errorf("Label = %q, %v; want %q", label, err, tt.label)
			}
		})
	}
}

func TestCoherenceErrors(t *testing.T) {
	tests := []struct {
		name string
		mols []Molecule
		want string
	}{
		{"none", nil, "no molecules"},
		{"two sources", []Molecule{mol("a", "s", 0, 1, 0), mol("b", "t", 1, 2, 0)}, `molecule "b": source "t"`},
		{"bad molecule", []Molecule{mol("a", "s", 3, 1, 0)}, `"a"`},
	}
	for _, tt := range tests {
		if _, err := Coherence(tt.mols, Options{}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestFillGap(t *testing.T) {
	AgB := strings.Repeat("A", 200) + strings.Repeat("g", 50) + strings.Repeat("B", 150)
	A, B := mol("A", "s", 1000, 1200, 0), mol("B", "s", 1250, 1400, 0)
	tests := []struct {
		name    string
		body    string
		a, b    Molecule
		want    string
		wantErr string
	}{
		{"section 3", section3Body, A, B, AgB, ""},
		{"section 3 reversed", section3Body, B, A, AgB, ""},
		{"overlap is the union", alnum, mol("a", "s", 0, 10, 0), mol("b", "s", 5, 20, 0), alnum[:20], ""},
		{"nested", alnum, mol("a", "s", 0, 10, 0), mol("b", "s", 2, 3, 0), alnum[:10], ""},
		{"multi-byte gap", "ab日本cd", mol("a", "s", 0, 2, 0), mol("b", "s", 8, 10, 0), "ab日本cd", ""},
		{"two sources", alnum, mol("a", "s", 0, 1, 0), mol("b", "t", 2, 3, 0), "", `"b" in "t"`},
		{"cut character", "ab日本cd", mol("a", "s", 0, 3, 0), mol("b", "s", 8, 10, 0), "", `"a": end_byte 3 cuts`},
		{"beyond body", alnum, mol("a", "s", 0, 1, 0), mol("b", "s", 30, 40, 0), "", `"b": end_byte 40`},
		{"invalid UTF-8", "a\xc3", mol("a", "s", 0, 1, 0), mol("b", "s", 0, 1, 0), "", "UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FillGap(tt.body, tt.a, tt.b)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("FillGap = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
