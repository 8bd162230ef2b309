package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// TestResolveSeed: the default seed without --seed, the expectations
// file's seed when it has one, an explicit seed over it with a note, and a
// random seed printed.
func TestResolveSeed(t *testing.T) {
	tests := []struct {
		name     string
		flag     string // --seed; "" none
		recorded int64  // the expectations file's seed
		want     int64  // 0: any but 0
		says     string // on stderr
	}{
		{name: "default", want: suite.DefaultSeed},
		{name: "the expectations file's", recorded: 42, want: 42},
		{name: "explicit", flag: "7", want: 7},
		{name: "explicit over the file's", flag: "7", recorded: 42, want: 7, says: "written with seed 42 and this run uses seed 7"},
		{name: "random", flag: "random", says: "--seed random: seed "},
		{name: "0 is random, as before", flag: "0", says: "--seed random: seed "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := runConfig{expectations: "known.json"}
			cfg.out.expect = reports.Expectations{Seed: tt.recorded}
			if tt.flag != "" {
				if err := cfg.seed.Set(tt.flag); err != nil {
					t.Fatal(err)
				}
			}
			var stderr strings.Builder
			resolveSeed(&cfg, &stderr)
			if cfg.opts.Seed == 0 || tt.want != 0 && cfg.opts.Seed != tt.want {
				t.Errorf("seed %d, want %d", cfg.opts.Seed, tt.want)
			}
			if !strings.Contains(stderr.String(), tt.says) || tt.says == "" && stderr.Len() > 0 {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.says)
			}
		})
	}
}

// TestRunMemory: run reads the failure memory of --memory, checks a
// remembered case first (one the reference passes: its count of runs held
// goes up), and names a damaged file in a warning without failing.
func TestRunMemory(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, "INF-01", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("00000000000000aa.json", `{"format":"ctxconform-memory/1","id":"INF-01","case":"generated case 1 of 3 (seed 9)","seed":9,"outcome":"failed",`+
		`"value":{"Text":5,"Script":3,"Docs":[700],"Count":1,"Hits":[{"Doc":0,"Center":0,"Jitter":20,"Len":40,"Score":3}],"Budget":-1},"held":0}`)
	damaged := write("00000000000000bb.json", `{"format":"ctxconform-memory/1","id":"INF-01","value":`)
	code, _, stderr := runCmd("run", "--run", "^INF-01$", "--property-runs", "2", "--memory", dir, "--replay-dir", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, damaged) || !strings.Contains(stderr, "1 remembered case of 1 requirement, checked first") {
		t.Errorf("stderr does not name the damaged file %s and the one case read:\n%s", damaged, stderr)
	}
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"held": 1`) {
		t.Errorf("the remembered case held and its count did not go up:\n%s", b)
	}
}
