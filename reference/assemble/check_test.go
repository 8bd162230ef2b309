package assemble

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	docs := []Document{{ID: "d", Body: alnum}, {ID: "u", Body: "ab日本"}}
	a, b, c := mol("a", "d", 0, 5, 1), mol("b", "d", 5, 10, 1), mol("c", "d", 20, 25, 1)
	// k touches b's end; n [26,34) holds o [28,30), and p touches n's end.
	k, n, o, p := mol("k", "d", 10, 12, 1), mol("n", "d", 26, 34, 1), mol("o", "d", 28, 30, 1), mol("p", "d", 34, 36, 1)
	mols := []Molecule{a, b, c, mol("j", "u", 0, 2, 0), k, n, o, p}
	good := func() []Result {
		return []Result{
			{alnum[:10], "d", 0, 10, []string{"a", "b"}, Adjacent, 1, 1},
			{alnum[20:25], "d", 20, 25, []string{"c"}, Single, 1, 1},
		}
	}
	tests := []struct {
		name   string
		max    int
		mutate func([]Result) []Result
		want   string // "" means valid
	}{
		{"valid", 15, func(r []Result) []Result { return r }, ""},
		{"empty output is valid", 1, func([]Result) []Result { return nil }, ""},
		{"over budget", 14, func(r []Result) []Result { return r }, "V4 windows total 15 bytes, budget 14"},
		{"window not the body", 15, func(r []Result) []Result { r[0].Window = "abcdefghiX"; return r }, "V2 result 0"},
		{"window shorter than range", 15, func(r []Result) []Result { r[0].Window = alnum[:9]; return r }, "V2 result 0"},
		{"molecule outside window", 15, func(r []Result) []Result {
			r[1] = Result{alnum[21:26], "d", 21, 26, []string{"c"}, Single, 1, 1}
			return r
		}, `V2 result 1: molecule "c"`},
		{"cut character", 15, func(r []Result) []Result {
			return []Result{{"ab\xe6", "u", 0, 3, []string{"j"}, Single, 1, 0}}
		}, "V2 result 0 (source \"u\"): range [0, 3) cuts"},
		{"molecule listed twice", 15, func(r []Result) []Result { r[1].Molecules = []string{"c", "a"}; return r }, `V2 result 1: molecule "a"`},
		{"duplicate across results", 40, func(r []Result) []Result {
			return append(r, Result{alnum[:5], "d", 0, 5, []string{"a"}, Single, 1, 1})
		}, `V3 molecule "a" is listed by results 0 and 2`},
		{"byte order", 15, func(r []Result) []Result { r[0].Molecules = []string{"b", "a"}; return r }, `V3 result 0: molecule "a" is listed after "b"`},
		{"overlapping windows", 40, func(r []Result) []Result {
			r[1] = Result{alnum[8:25], "d", 8, 25, []string{"c"}, Single, 1, 1}
			return r
		}, "V3 source \"d\": windows of results 0 [0, 10) and 1 [8, 25) overlap"},
		{"touching molecules split", 15, func(r []Result) []Result {
			return []Result{
				{alnum[:5], "d", 0, 5, []string{"a"}, Single, 1, 1},
				{alnum[5:10], "d", 5, 10, []string{"b"}, Single, 1, 1},
			}
		}, `V1 molecules "a" (result 0) and "b" (result 1)`},
		{"touching a chain that grew", 40, func(r []Result) []Result {
			// a [0,5) b [5,10) | k [10,12): k touches b, the chain's last end.
			return append(r, Result{alnum[10:12], "d", 10, 12, []string{"k"}, Single, 1, 1})
		}, `V1 molecules "b" (result 0) and "k" (result 2)`},
		{"touching the end of an outer molecule", 40, func(r []Result) []Result {
			// n [26,34) o [28,30) | p [34,36): p touches n, whose end 34 is the
			// chain's extent although o, the molecule before p, ends at 30.
			return append(r, Result{alnum[26:34], "d", 26, 34, []string{"n", "o"}, Adjacent, 1, 1},
				Result{alnum[34:36], "d", 34, 36, []string{"p"}, Single, 1, 1})
		}, `V1 molecules "o" (result 2) and "p" (result 3)`},
		{"empty window", 15, func(r []Result) []Result {
			// [20,20) lies inside the body; what is wrong is that c [20,25) is not inside it.
			r[1] = Result{"", "d", 20, 20, []string{"c"}, Single, 1, 1}
			return r
		}, `V2 result 1: molecule "c" [20, 25) is not inside the window [20, 20)`},
		{"coherence 0 is valid", 15, func(r []Result) []Result { r[0].Coherence = 0; return r }, ""},
		{"NaN coherence", 15, func(r []Result) []Result { r[0].Coherence = math.NaN(); return r }, "coherence_score NaN"},
		{"coherence above 1", 15, func(r []Result) []Result { r[0].Coherence = 1.5; return r }, "coherence_score 1.5"},
		{"unknown molecule", 15, func(r []Result) []Result { r[1].Molecules = []string{"zz"}; return r }, `unknown molecule "zz"`},
		{"molecule of another source", 15, func(r []Result) []Result { r[1].Molecules = []string{"j"}; return r }, `molecule "j" belongs to source "u"`},
		{"unknown source", 15, func(r []Result) []Result { r[1].Source = "x"; return r }, `unknown source "x"`},
		{"no molecules", 15, func(r []Result) []Result { r[1].Molecules = nil; return r }, "lists no molecules"},
		{"range outside body", 100, func(r []Result) []Result { r[1].End = 40; return r }, "outside [0, 36]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(docs, mols, tt.max, tt.mutate(good()))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Check: %v; want valid", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Check: %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestResultJSON(t *testing.T) {
	r := Result{"ab", "d", 0, 2, []string{"a"}, Single, 1, 0.5}
	got, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"window":"ab","source":"d","start_byte":0,"end_byte":2,"molecules":["a"],"inflation_strategy":"single","coherence_score":1,"score":0.5}`
	if string(got) != want {
		t.Errorf("JSON\n got %s\nwant %s", got, want)
	}
	var m Molecule
	in := `{"id":"m","source":"d","start_byte":1,"end_byte":3,"timestamp":7,"vector":[1,2],"entities":["x"],"score":0.25}`
	if err := json.Unmarshal([]byte(in), &m); err != nil {
		t.Fatal(err)
	}
	if m.ID != "m" || m.Source != "d" || m.Start != 1 || m.End != 3 || m.Time != 7 || len(m.Vector) != 2 || m.Entities[0] != "x" || m.Score != 0.25 {
		t.Errorf("decoded %+v", m)
	}
}
