package memory

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/suite"
)

// failed is a report in which requirement id failed on a case of the
// given origin and value.
func failed(id, from, value string) suite.Report {
	return suite.Report{Seed: 9, Results: []suite.Result{{ID: id, Kind: suite.Property, Outcome: suite.Failed,
		Replay: &suite.Replay{ID: id, Case: "generated case 3 of 100 (seed 9)", From: from, Value: json.RawMessage(value)}}}}
}

// failedAs is failed on a remembered case named name.
func failedAs(id, name, value string) suite.Report {
	rep := failed(id, suite.FromRemembered, value)
	rep.Results[0].Replay.Case = name
	return rep
}

func hashOf(value string) string {
	sum := sha256.Sum256([]byte(value))
	return hex.EncodeToString(sum[:8])
}

func passed(id string) suite.Report {
	return suite.Report{Seed: 9, Results: []suite.Result{{ID: id, Kind: suite.Property, Outcome: suite.Passed}}}
}

// reopen saves s and reads its directory again.
func reopen(t *testing.T, s *Store) *Store {
	t.Helper()
	if errs := s.Save(); len(errs) > 0 {
		t.Fatal(errs)
	}
	again, warnings := Open(s.Dir())
	if len(warnings) > 0 {
		t.Fatal(warnings)
	}
	return again
}

// TestRemember: which failures are kept, what a passing run does to them,
// and the bound per requirement.
func TestRemember(t *testing.T) {
	tests := []struct {
		name string
		runs [][]suite.Report // one Update (and a save and reopen) per element
		want map[string]int   // cases per requirement at the end
	}{
		{"a generated case is kept", [][]suite.Report{{failed("INF-03", suite.FromGenerated, `{"A":1}`)}}, map[string]int{"INF-03": 1}},
		{"a remembered case that fails again is kept once", [][]suite.Report{
			{failed("INF-03", suite.FromGenerated, `{"A":1}`)}, {failed("INF-03", suite.FromRemembered, `{ "A": 1 }`)}}, map[string]int{"INF-03": 1}},
		{"a remembered case that shrank replaces the one it came from", [][]suite.Report{
			{failed("INF-03", suite.FromGenerated, `{"A":1}`)},
			{failedAs("INF-03", "remembered case "+hashOf(`{"A":1}`)+" (failed as generated case 3 of 100 (seed 9))", `{"A":0}`)}}, map[string]int{"INF-03": 1}},
		{"edge cases and specs are not kept", [][]suite.Report{
			{failed("INF-03", suite.FromEdge, `{"A":1}`), failed("INF-04", "", ``), failed("INF-05", suite.FromReplayed, `{"A":1}`)}}, map[string]int{}},
		{"a case that holds is dropped after Keep passing runs", append([][]suite.Report{{failed("INF-03", suite.FromGenerated, `{"A":1}`)}},
			repeat([]suite.Report{passed("INF-03")}, Keep)...), map[string]int{}},
		{"a case that holds is kept for fewer", append([][]suite.Report{{failed("INF-03", suite.FromGenerated, `{"A":1}`)}},
			repeat([]suite.Report{passed("INF-03")}, Keep-1)...), map[string]int{"INF-03": 1}},
		{"a pass of another adapter does not count when one fails", append([][]suite.Report{{failed("INF-03", suite.FromGenerated, `{"A":1}`)}},
			repeat([]suite.Report{passed("INF-03"), failed("INF-03", suite.FromEdge, `{"B":1}`)}, Keep)...), map[string]int{"INF-03": 1}},
		{"at most MaxPerRequirement per requirement", func() [][]suite.Report {
			var out [][]suite.Report
			for i := range MaxPerRequirement + 3 {
				out = append(out, []suite.Report{failed("INF-03", suite.FromGenerated, fmt.Sprintf(`{"A":%d}`, i))})
			}
			return out
		}(), map[string]int{"INF-03": MaxPerRequirement}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := Open(t.TempDir())
			for _, reps := range tt.runs {
				s.Update(reps)
				s = reopen(t, s)
			}
			got := map[string]int{}
			for id, cs := range s.Cases() {
				got[id] = len(cs)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("cases by requirement %v, want %v", got, tt.want)
			}
			files, _ := filepath.Glob(filepath.Join(s.Dir(), "*", "*.json"))
			n := 0
			for _, c := range tt.want {
				n += c
			}
			if len(files) != n {
				t.Errorf("%d files %v, want %d", len(files), files, n)
			}
		})
	}
}

func repeat(reps []suite.Report, n int) [][]suite.Report {
	out := make([][]suite.Report, n)
	for i := range out {
		out[i] = reps
	}
	return out
}

// TestDamagedFiles: a damaged, oversized or misplaced file is named in a
// warning and passed over; the good ones are read.
func TestDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
	if errs := s.Save(); len(errs) > 0 {
		t.Fatal(errs)
	}
	write := func(rel, content string) string {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := []string{
		write("INF-04/0000000000000001.json", `{"format":"ctxconform-memory/1","id":"INF-04","val`),
		write("INF-04/0000000000000002.json", `{"format":"other/1","id":"INF-04","value":{}}`),
		write("INF-04/0000000000000003.json", `{"format":"ctxconform-memory/1","id":"INF-05","value":{}}`),
		write("INF-04/0000000000000004.json", `{"format":"ctxconform-memory/1","id":"INF-04","value":`+strings.Repeat(" ", MaxFileBytes)+`{}}`),
		write("INF-04/0000000000000005.json", `{"format":"ctxconform-memory/1","id":"INF-04"}`),
	}
	write("INF-04/notes.txt", "not read")
	s, warnings := Open(dir)
	if s.Len() != 1 {
		t.Errorf("%d cases read, want the 1 good one", s.Len())
	}
	all := fmt.Sprint(warnings)
	for _, p := range bad {
		if !strings.Contains(all, p) {
			t.Errorf("no warning names %s: %v", p, warnings)
		}
	}
	if len(warnings) != len(bad) {
		t.Errorf("%d warnings, want %d: %v", len(warnings), len(bad), warnings)
	}
}

// TestTooManyFiles: the bound on reading is spread over the requirements
// (at most MaxPerRequirement files of each, whatever their names), and
// what is left is said in one warning.
func TestTooManyFiles(t *testing.T) {
	dir := t.TempDir()
	ids := []string{"DEN-01", "INF-03", "RAD-02"}
	for _, id := range ids {
		if err := os.MkdirAll(filepath.Join(dir, id), 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range 3 * MaxPerRequirement {
			e := fmt.Sprintf(`{"format":"ctxconform-memory/1","id":"%s","value":{"A":%d},"held":0,"case":"x","seed":1,"outcome":"failed"}`, id, i)
			if err := os.WriteFile(filepath.Join(dir, id, fmt.Sprintf("%016x.json", i)), []byte(e), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, warnings := Open(dir)
	cases := s.Cases()
	for _, id := range ids {
		if len(cases[id]) != MaxPerRequirement {
			t.Errorf("%s: %d cases read, want %d", id, len(cases[id]), MaxPerRequirement)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), fmt.Sprintf("%d files not read", 3*2*MaxPerRequirement)) {
		t.Errorf("warnings %v; want one saying %d files were not read", warnings, 3*2*MaxPerRequirement)
	}
}
