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
