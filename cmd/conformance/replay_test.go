package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/suite"
)

// TestReplayReproduces: every FAIL of a run leaves a replay file and prints
// the command that re-sends it; replaying it gives the same verdict, for a
// mutant behind the protocol and for a faulty program of testdata/faulty.
func TestReplayReproduces(t *testing.T) {
	python := testprog.Python(t)
	proxy, err := filepath.Abs(filepath.Join("..", "..", "testdata", "faulty", "proxy.py"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string // run flags
		as     string   // what the test binary serves as
		prefix []string // the program's command before the served binary
		failed []string
	}{
		{"mutant ignores-budget", []string{"--standard", "density", "--run", "^DEN-01 "}, "ignores-budget", nil, []string{"DEN-01"}},
		{"faulty offbyone", []string{"--standard", "inflate,density", "--run", "^(INF-01|DEN-10|INF-11) "}, "conformance", []string{python, proxy, "offbyone", "--"}, []string{"DEN-10", "INF-01"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var served []string
			if tt.as == "conformance" {
				served = self(t, "conformance", "serve-reference")
			} else {
				served = self(t, tt.as)
			}
			program := append(append([]string{}, tt.prefix...), served...)
			args := append([]string{"run", "--adapter", "exec", "--property-runs", "5", "--seed", "3", "--replay-dir", dir}, tt.args...)
			code, _, stderr := runCmd(append(append(args, "--"), program...)...)
			if code != exitGate {
				t.Fatalf("run: exit %d, want %d\n%s", code, exitGate, stderr)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
			if len(files) != len(tt.failed) {
				t.Fatalf("replay files %v, want one for each of %v", files, tt.failed)
			}
			for _, id := range tt.failed {
				path := filepath.Join(dir, id+".json")
				if !strings.Contains(stderr, "conformance replay "+path+" -- ") {
					t.Errorf("%s: no replay command printed:\n%s", id, stderr)
				}
				rp, err := suite.ReadReplay(path)
				if err != nil {
					t.Fatal(err)
				}
				if rp.ID != id || rp.Outcome != suite.Failed || rp.Seed != 3 || len(rp.Calls) == 0 || rp.Expected == "" {
					t.Errorf("%s: replay %+v lacks the case", id, rp)
				}
				code, out, errOut := runCmd(append([]string{"replay", path, "--"}, program...)...)
				if code != exitGate || !strings.Contains(out, id+" MUST failed") || !strings.Contains(out, "the same verdict as recorded") {
					t.Errorf("%s: replay exit %d:\n%s%s", id, code, out, errOut)
				}
			}
		})
	}
	if _, err := os.Stat("conformance-replays"); err == nil {
		t.Error("a run with --replay-dir wrote into ./conformance-replays")
	}
}

// TestReplayInterruptedFails: a replay cut off before its verdict (NotRun)
// is no pass: it exits as run's gate does for a requirement not run.
func TestReplayInterruptedFails(t *testing.T) {
	a, err := openAdapter(context.Background(), "reference", runConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	req := ctxconform.Requirements()[0]
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("interrupted by SIGINT"))
	var out strings.Builder
	err = replayOn(ctx, a, req, suite.Replay{ID: req.ID, Outcome: suite.Failed, Seed: 3}, time.Minute, &out)
	if err != errGate || !strings.Contains(out.String(), "not run") {
		t.Fatalf("interrupted replay: %v, want errGate\n%s", err, out.String())
	}
}

// TestReplayUsageErrors: replay refuses the durations run refuses.
func TestReplayUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"--timeout", "0s"}, {"--request-timeout", "-1s"}} {
		code, _, stderr := runCmd(append([]string{"replay", "r.json"}, args...)...)
		if code != exitUsage || !strings.Contains(stderr, args[0]+" "+args[1]) {
			t.Errorf("replay %v: exit %d, stderr %q; want %d naming the flag", args, code, stderr, exitUsage)
		}
	}
}

// TestReplayDisagreeingFileRefused: a replay file whose fields disagree
// with the requirement its ID names, or whose text is not UTF-8, is
// refused (exit 2, naming the file and the field) before anything is sent:
// on today's reference each of these would be "now passed" or "now
// skipped", exit 0, for a case that was never sent. The sound file is
// sent and judged.
func TestReplayDisagreeingFileRefused(t *testing.T) {
	const sound = `{"format":"ctxconform-replay/1","id":"INF-01","standard":"inflate","level":"MUST","kind":"property","outcome":"failed","seed":3,` +
		`"case":"edge case","from":"edge","value":{"Fixed":{"documents":[{"id":"doc","body":"abcBODYdef"}],"hits":[{"id":"h","compound_id":"doc","start":0,"end":3,"score":0}]}},` +
		`"calls":[{"op":"inflate","request":{}}],"expected":"x"}`
	tests := []struct {
		name       string
		old, new   string // the edit of the sound file
		code       int
		wantStderr string
	}{
		{"sound", "", "", exitOK, ""},
		{"another standard's requirement", `"id":"INF-01"`, `"id":"FUZ-01"`, exitUsage, `standard "inflate": FUZ-01 is a requirement of fuzzy`},
		{"a spec named a property", `"id":"INF-01","standard":"inflate"`, `"id":"FUZ-01","standard":"fuzzy"`, exitUsage, `kind "property": FUZ-01 is a spec`},
		{"a spec with a case", `"id":"INF-01","standard":"inflate","level":"MUST","kind":"property"`, `"id":"FUZ-01","standard":"fuzzy","level":"MUST","kind":"spec"`, exitUsage, "value: FUZ-01 is a spec"},
		{"a property without its case", `"value":`, `"unused":`, exitUsage, "value: missing"},
		{"another property's case", `"id":"INF-01","standard":"inflate"`, `"id":"ASM-01","standard":"assemble"`, exitUsage, `value: not a case of property`},
		{"another standard's operation", `"op":"inflate"`, `"op":"search"`, exitUsage, `calls[0].op "search": not an operation of inflate`},
		{"a byte that is not UTF-8", "BODY", "\xff", exitUsage, "/value/Fixed/documents/0/body: the text at byte"},
		{"an unpaired surrogate", "BODY", `\ud800`, exitUsage, "/value/Fixed/documents/0/body: the text at byte"},
		{"a hit outside its document", `"end":3`, `"end":99`, exitUsage, "describes no valid request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "r.json")
			if err := os.WriteFile(path, []byte(strings.Replace(sound, tt.old, tt.new, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, stderr := runCmd("replay", path)
			if code != tt.code || !strings.Contains(stderr, tt.wantStderr) {
				t.Fatalf("exit %d, want %d with %q\nstdout: %s\nstderr: %s", code, tt.code, tt.wantStderr, out, stderr)
			}
			if tt.code == exitUsage && !strings.Contains(stderr, path) {
				t.Errorf("the refusal does not name the file %s: %s", path, stderr)
			}
			if tt.code == exitOK && !strings.Contains(out, "now passed") {
				t.Errorf("the sound file is not sent and judged:\n%s", out)
			}
		})
	}
}

// TestReplayWrittenIsAgreed: the replay files run writes for every
// property (here: each errors on a program that answers garbage, so its
// file holds the case it was sending) pass the checks replay makes of a
// file, whatever the standard: the case decodes strictly as its property's
// type and every call is its standard's operation.
func TestReplayWrittenIsAgreed(t *testing.T) {
	python := testprog.Python(t)
	garbage, err := filepath.Abs(filepath.Join("..", "..", "testdata", "faulty", "garbage.py"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range ctxconform.Requirements() {
		if r.Kind == suite.Property {
			ids = append(ids, r.ID)
		}
	}
	dir := t.TempDir()
	code, _, stderr := runCmd("run", "--adapter", "exec", "--property-runs", "1", "--replay-dir", dir, "--run", "^("+strings.Join(ids, "|")+") ", "--", python, garbage, "--all")
	if code != exitGate {
		t.Fatalf("run: exit %d, want %d\n%s", code, exitGate, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) < len(ids)/2 {
		t.Fatalf("%d replay files for %d properties", len(files), len(ids))
	}
	reqs := map[string]suite.Requirement{}
	for _, r := range ctxconform.Requirements() {
		reqs[r.ID] = r
	}
	for _, f := range files {
		rp, err := suite.ReadReplay(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := replayAgrees(reqs[rp.ID], rp); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
