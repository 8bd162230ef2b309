package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reports"
)

// TestShardMerge is the done-when of issue 11: `conformance run --shard
// 1/2` and `--shard 2/2` merged give the unsharded run's verdicts and exit
// status, here on an implementation with failures (it ignores budgets).
func TestShardMerge(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	execRun := func(extra ...string) int {
		args := append(append([]string{"run", "--adapter", "exec"}, quick...), extra...)
		code, _, stderr := runCmd(append(append(args, "--"), self(t, "ignores-budget")...)...)
		if code == exitUsage {
			t.Fatalf("%q: %s", extra, stderr)
		}
		return code
	}
	whole := execRun("--json", file("whole.json"))
	execRun("--shard", "1/2", "--json", file("1.json"))
	execRun("--shard", "2/2", "--json", file("2.json"))
	code, stdout, stderr := runCmd("merge", "--json", file("merged.json"), "--junit", file("merged.xml"), file("2.json"), file("1.json"))
	if code != whole {
		t.Fatalf("merge: exit %d, the unsharded run %d\n%s%s", code, whole, stdout, stderr)
	}
	if whole != exitGate || !strings.Contains(stdout, "FAIL") {
		t.Errorf("the unsharded run exits %d; the merged table:\n%s", whole, stdout)
	}
	verdicts := func(name string) (string, int) {
		b, err := os.ReadFile(file(name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := reports.ReadReport(strings.NewReader(string(b)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var v []string
		for _, r := range doc.Runs[0].Results {
			v = append(v, r.ID+"="+string(r.Outcome))
		}
		return strings.Join(v, " "), len(v)
	}
	w, n := verdicts("whole.json")
	m, _ := verdicts("merged.json")
	_, n1 := verdicts("1.json")
	_, n2 := verdicts("2.json")
	if m != w {
		t.Errorf("merged shards:\n%s\nunsharded run:\n%s", m, w)
	}
	if n1+n2 != n || n1 == 0 || n2 == 0 {
		t.Errorf("shards of %d and %d requirements, the whole run %d", n1, n2, n)
	}

	// A report of another seed is refused, naming its file.
	var doc reports.Document
	b, _ := os.ReadFile(file("2.json"))
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	doc.Runs[0].Seed++
	b, _ = json.Marshal(doc)
	os.WriteFile(file("other-seed.json"), b, 0o644)
	os.WriteFile(file("garbage.json"), []byte("<html>"), 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{file("1.json"), file("other-seed.json")}, "other-seed.json: seed 8, but " + file("1.json") + " has seed 7"},
		{[]string{file("1.json")}, "shard 2/2 is missing"},
		{[]string{file("1.json"), file("garbage.json")}, "garbage.json: not a JSON report"},
		{[]string{file("1.json"), file("none.json")}, "none.json"},
		{nil, "no reports to merge"},
	} {
		if code, _, stderr := runCmd(append([]string{"merge"}, tt.args...)...); code != exitUsage || !strings.Contains(stderr, tt.want) {
			t.Errorf("merge %q: exit %d, stderr %q; want %d and %q", tt.args, code, stderr, exitUsage, tt.want)
		}
	}
}
