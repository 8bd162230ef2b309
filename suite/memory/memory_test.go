package memory

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
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

// TestOneFault: a file wrong in one way only is passed over, and its
// warning names that way; a file at the size bound is read.
func TestOneFault(t *testing.T) {
	good := `{"format":"ctxconform-memory/1","id":"INF-04","case":"x","seed":1,"outcome":"failed","value":{"A":1},"held":0}`
	with := func(field, value string) string {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(good), &m); err != nil {
			t.Fatal(err)
		}
		if value == "" {
			delete(m, field)
		} else {
			m[field] = json.RawMessage(value)
		}
		b, _ := json.Marshal(m)
		return string(b)
	}
	padded := func(n int) string { // good, grown with spaces to n bytes
		return good[:len(good)-1] + strings.Repeat(" ", n-len(good)) + "}"
	}
	for _, tt := range []struct {
		name, content, why string // why: "" when the file is read
	}{
		{"good", good, ""},
		{"errored", with("outcome", `"errored"`), ""},
		{"at the size bound", padded(MaxFileBytes), ""},
		{"a byte over the size bound", padded(MaxFileBytes + 1), fmt.Sprintf("over %d bytes", MaxFileBytes)},
		{"truncated", good[:40], "not a memory file"},
		{"a second object", good + "{}", "data after its JSON object"},
		{"trailing text", good + " x", "not a memory file"},
		{"another format", with("format", `"other/1"`), `format "other/1"`},
		{"another requirement", with("id", `"INF-05"`), `case of "INF-05"`},
		{"no value", with("value", ""), "no value"},
		{"a null value", with("value", "null"), "no value"},
		{"held below 0", with("held", "-1"), "held -1"},
		{"passed", with("outcome", `"passed"`), `outcome "passed"`},
		{"no outcome", with("outcome", ""), `outcome ""`},
		{"an unknown field", with("extra", "1"), "not a memory file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "INF-04"), 0o755); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "INF-04", "00000000000000ab.json")
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			s, warnings := Open(dir)
			if tt.why == "" {
				if s.Len() != 1 || len(warnings) != 0 {
					t.Errorf("%d cases read, warnings %v; want the file read", s.Len(), warnings)
				}
				return
			}
			if s.Len() != 0 || len(warnings) != 1 || !strings.Contains(warnings[0].Error(), path) || !strings.Contains(warnings[0].Error(), tt.why) {
				t.Errorf("%d cases read, warnings %v; want none read and one warning naming the file and %q", s.Len(), warnings, tt.why)
			}
		})
	}
}

// TestOpenDirectory: a missing directory is an empty memory that Save
// creates; a requirement "directory" that is a file is passed over with a
// warning saying so; past MaxRequirements directories the rest are not
// read, and one warning says from which.
func TestOpenDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	s, warnings := Open(dir)
	if len(warnings) != 0 || s.Len() != 0 {
		t.Fatalf("a missing directory: %d cases, warnings %v; want an empty memory", s.Len(), warnings)
	}
	s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
	if errs := s.Save(); len(errs) != 0 {
		t.Fatal(errs)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "INF-03", "*.json")); len(files) != 1 {
		t.Errorf("Save wrote %v, want one file in a directory it made", files)
	}

	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, "INF-03"), []byte("a file"), 0o644)
	if _, warnings := Open(dir); len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "a file, not a directory: passed over") {
		t.Errorf("a requirement name that is a file: warnings %v", warnings)
	}

	dir = t.TempDir()
	var ids []string
	for i := range MaxRequirements + 1 {
		id := fmt.Sprintf("%s-%02d", string(rune('A'+i/100%26))+string(rune('A'+i/10%10))+"X", i%100)
		ids = append(ids, id)
		e := fmt.Sprintf(`{"format":"ctxconform-memory/1","id":"%s","value":{"A":1},"outcome":"failed"}`, id)
		os.MkdirAll(filepath.Join(dir, id), 0o755)
		os.WriteFile(filepath.Join(dir, id, "0000000000000001.json"), []byte(e), 0o644)
	}
	sort.Strings(ids)
	s, warnings = Open(dir)
	last := ids[MaxRequirements]
	if s.Len() != MaxRequirements || len(warnings) != 1 || !strings.Contains(warnings[0].Error(), fmt.Sprintf("over %d requirement directories; %s and the rest", MaxRequirements, last)) {
		t.Errorf("%d requirement directories: %d cases, warnings %v; want %d and one warning naming %s", MaxRequirements+1, s.Len(), warnings, MaxRequirements, last)
	}
}

// TestNotReadNamesRequirements: the warning about files not read names
// each requirement they belong to once, at most five and "…", and comes
// for a single file not read.
func TestNotReadNamesRequirements(t *testing.T) {
	for _, tt := range []struct {
		over []int // per requirement, files beyond MaxPerRequirement
		want string
	}{
		{[]int{1}, "1 files not read (of AAA-00)"},
		{[]int{2, 1}, "3 files not read (of AAA-00, AAA-01)"},
		{[]int{1, 1, 1, 1, 1}, "5 files not read (of AAA-00, AAA-01, AAA-02, AAA-03, AAA-04)"},
		{[]int{1, 1, 1, 1, 1, 1}, "6 files not read (of AAA-00, AAA-01, AAA-02, AAA-03, AAA-04, …)"},
	} {
		dir := t.TempDir()
		for r, extra := range tt.over {
			id := fmt.Sprintf("AAA-%02d", r)
			os.MkdirAll(filepath.Join(dir, id), 0o755)
			for i := range MaxPerRequirement + extra {
				e := fmt.Sprintf(`{"format":"ctxconform-memory/1","id":"%s","value":{"A":%d},"outcome":"failed"}`, id, i)
				os.WriteFile(filepath.Join(dir, id, fmt.Sprintf("%016x.json", i)), []byte(e), 0o644)
			}
		}
		_, warnings := Open(dir)
		if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), tt.want) {
			t.Errorf("over %v: warnings %v, want one saying %q", tt.over, warnings, tt.want)
		}
	}
}

// TestMaxBytes: files are read until MaxBytes bytes in all have been read;
// the file that would start past the bound is not.
func TestMaxBytes(t *testing.T) {
	dir := t.TempDir()
	n := MaxBytes/MaxFileBytes + 1 // files of MaxFileBytes bytes: the last starts at the bound
	for i := range n {
		id := fmt.Sprintf("AAA-%02d", i/MaxPerRequirement)
		os.MkdirAll(filepath.Join(dir, id), 0o755)
		e := fmt.Sprintf(`{"format":"ctxconform-memory/1","id":"%s","value":{"A":%d},"outcome":"failed"}`, id, i)
		e = e[:len(e)-1] + strings.Repeat(" ", MaxFileBytes-len(e)) + "}"
		os.WriteFile(filepath.Join(dir, id, fmt.Sprintf("%016x.json", i)), []byte(e), 0o644)
	}
	s, warnings := Open(dir)
	if s.Len() != n-1 || len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "1 files not read") {
		t.Errorf("%d files of %d bytes: %d read, warnings %v; want %d read and 1 not", n, MaxFileBytes, s.Len(), warnings, n-1)
	}
}

// TestBoundsAsDocumented: the bounds docs/files.md and
// docs/implementers.md promise (a case dropped after passing 5 runs; 8
// files per requirement, 256 requirement directories, 1,024 files and 32
// MiB in all, 1 MiB per file). The tests above use the names, so a bound
// changed by mistake would move with them; this holds the numbers.
func TestBoundsAsDocumented(t *testing.T) {
	for _, b := range []struct {
		name      string
		got, want int
	}{
		{"Keep", Keep, 5},
		{"MaxPerRequirement", MaxPerRequirement, 8},
		{"MaxRequirements", MaxRequirements, 256},
		{"MaxFiles", MaxFiles, 1024},
		{"MaxFileBytes", MaxFileBytes, 1 << 20},
		{"MaxBytes", MaxBytes, 32 << 20},
	} {
		if b.got != b.want {
			t.Errorf("%s = %d, the documents say %d", b.name, b.got, b.want)
		}
	}
}

// TestUpdate: what one Update counts and keeps, before any save: the size
// bound of a case, a remembered case found again or shrunk (keeping where
// it was first found), and which cases the per-requirement bound drops.
func TestUpdate(t *testing.T) {
	str := func(n int) string { return `"` + strings.Repeat("a", n-2) + `"` } // JSON of n bytes
	t.Run("size bound", func(t *testing.T) {
		s, _ := Open(t.TempDir())
		ch := s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, str(MaxFileBytes-4096)),
			failed("INF-04", suite.FromGenerated, str(MaxFileBytes-4095))})
		if ch.Added != 1 || fmt.Sprint(ch.TooLarge) != "[INF-04]" || s.Len() != 1 {
			t.Errorf("%+v, %d cases; want the case of MaxFileBytes-4096 bytes kept and the one a byte larger too large", ch, s.Len())
		}
	})
	t.Run("found again", func(t *testing.T) {
		s, _ := Open(t.TempDir())
		s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
		again := failedAs("INF-03", "remembered case "+hashOf(`{"A":1}`)+" (failed as generated case 3 of 100 (seed 9))", `{"A":1}`)
		again.Seed = 11
		ch := s.Update([]suite.Report{again})
		e := s.entries["INF-03"]
		if ch.Added != 0 || ch.Shrunk != 0 || len(e) != 1 || e[0].Seed != 9 || e[0].Case != "generated case 3 of 100 (seed 9)" {
			t.Errorf("%+v, entries %+v; want the one case, as first found (seed 9)", ch, e)
		}
	})
	t.Run("shrunk", func(t *testing.T) {
		s, _ := Open(t.TempDir())
		s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
		smaller := failedAs("INF-03", "remembered case "+hashOf(`{"A":1}`)+" (failed as generated case 3 of 100 (seed 9))", `{"A":0}`)
		smaller.Seed = 11
		ch := s.Update([]suite.Report{smaller})
		e := s.entries["INF-03"]
		if ch.Shrunk != 1 || ch.Added != 0 || len(e) != 1 || e[0].hash != hashOf(`{"A":0}`) || e[0].Seed != 9 || e[0].Case != "generated case 3 of 100 (seed 9)" {
			t.Errorf("%+v, entries %+v; want the smaller case in place of the first, as first found", ch, e)
		}
	})
	t.Run("remembered elsewhere", func(t *testing.T) {
		// A remembered case that is not in this memory (another
		// memory's): kept under its own name, without the "failed as".
		s, _ := Open(t.TempDir())
		ch := s.Update([]suite.Report{failedAs("INF-03", "remembered case 0123456789abcdef (failed as generated case 3 of 100 (seed 9))", `{"A":2}`)})
		e := s.entries["INF-03"]
		if ch.Added != 1 || len(e) != 1 || e[0].Case != "remembered case 0123456789abcdef, shrunk" {
			t.Errorf("%+v, entries %+v", ch, e)
		}
	})
	t.Run("the bound drops the case that held longest", func(t *testing.T) {
		s, _ := Open(t.TempDir())
		s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"old":1}`)})
		s.Update([]suite.Report{passed("INF-03")})
		var reps []suite.Report
		for i := range MaxPerRequirement {
			reps = append(reps, failed("INF-03", suite.FromGenerated, fmt.Sprintf(`{"A":%d}`, i)))
		}
		ch := s.Update(reps)
		for _, e := range s.entries["INF-03"] {
			if e.hash == hashOf(`{"old":1}`) {
				t.Errorf("the case that held a run is kept, a new one dropped: %+v", ch)
			}
		}
		if ch.Dropped != 1 || len(s.entries["INF-03"]) != MaxPerRequirement {
			t.Errorf("%+v, %d cases", ch, len(s.entries["INF-03"]))
		}
	})
	t.Run("the bound drops by hash among equals", func(t *testing.T) {
		s, _ := Open(t.TempDir())
		var reps []suite.Report
		var hashes []string
		for i := range MaxPerRequirement + 1 {
			v := fmt.Sprintf(`{"A":%d}`, i)
			reps = append(reps, failed("INF-03", suite.FromGenerated, v))
			hashes = append(hashes, hashOf(v))
		}
		s.Update(reps)
		sort.Strings(hashes)
		for _, e := range s.entries["INF-03"] {
			if e.hash == hashes[MaxPerRequirement] {
				t.Errorf("kept the case of the largest hash %s", e.hash)
			}
		}
	})
}

// TestSave: Save writes only what changed, creates nothing when nothing
// did, removes a requirement's emptied directory, and refuses a case
// whose requirement ID is not one (a report is someone else's file).
func TestSave(t *testing.T) {
	t.Run("nothing changed", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "absent")
		s, _ := Open(dir)
		s.Update([]suite.Report{passed("INF-03")})
		if errs := s.Save(); len(errs) != 0 {
			t.Fatal(errs)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("Save with nothing to save made %s", dir)
		}
	})
	t.Run("only what changed", func(t *testing.T) {
		dir := t.TempDir()
		s, _ := Open(dir)
		s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
		s = reopen(t, s)
		kept := filepath.Join(dir, "INF-03", hashOf(`{"A":1}`)+".json")
		if err := os.Remove(kept); err != nil {
			t.Fatal(err)
		}
		s.Update([]suite.Report{failed("INF-04", suite.FromGenerated, `{"A":1}`)})
		if errs := s.Save(); len(errs) != 0 {
			t.Fatal(errs)
		}
		if _, err := os.Stat(kept); !os.IsNotExist(err) {
			t.Errorf("Save wrote %s again, which did not change", kept)
		}
	})
	t.Run("emptied directory", func(t *testing.T) {
		dir := t.TempDir()
		s, _ := Open(dir)
		s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
		for range Keep {
			s = reopen(t, s)
			s.Update([]suite.Report{passed("INF-03")})
		}
		if errs := s.Save(); len(errs) != 0 {
			t.Fatal(errs)
		}
		if _, err := os.Stat(filepath.Join(dir, "INF-03")); !os.IsNotExist(err) {
			t.Errorf("the directory of a requirement with no case left stays: %v", err)
		}
	})
	t.Run("not a requirement ID", func(t *testing.T) {
		dir := t.TempDir()
		s, _ := Open(filepath.Join(dir, "memory"))
		s.Update([]suite.Report{failed("../INF-03", suite.FromGenerated, `{"A":1}`)})
		errs := s.Save()
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), "not a requirement ID") {
			t.Errorf("errors %v, want one saying the ID is not a requirement's", errs)
		}
		if files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json")); len(files) != 0 {
			t.Errorf("wrote %v", files)
		}
	})
}

// TestDroppedCaseNotAFile: a dropped case whose file was replaced by a
// link is left as it is, and Save says so.
func TestDroppedCaseNotAFile(t *testing.T) {
	dir := t.TempDir()
	s, _ := Open(dir)
	s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
	s = reopen(t, s)
	path := filepath.Join(dir, "INF-03", hashOf(`{"A":1}`)+".json")
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("mine"), 0o644)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	for range Keep {
		s.Update([]suite.Report{passed("INF-03")})
	}
	errs := s.Save()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "not a file: left as it is") {
		t.Errorf("errors %v, want one saying the link is left", errs)
	}
	if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was removed or replaced: %v", err)
	}
}

// TestListingBound: a directory is listed up to maxEntries entries; the
// files past them are not looked at (nor counted as not read).
func TestListingBound(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "INF-03"), 0o755)
	for i := range maxEntries + 1 {
		os.WriteFile(filepath.Join(dir, "INF-03", fmt.Sprintf("%016x.json", i)), []byte("{}"), 0o644)
	}
	_, warnings := Open(dir)
	// 4096 listed: 8 read (each a damaged file, one warning each) and
	// 4088 not read.
	if want := fmt.Sprintf("%d files not read", 4096-MaxPerRequirement); len(warnings) != MaxPerRequirement+1 || !strings.Contains(warnings[MaxPerRequirement].Error(), want) {
		t.Errorf("%d warnings, the last %v; want %d and %q", len(warnings), warnings[len(warnings)-1], MaxPerRequirement+1, want)
	}
}
