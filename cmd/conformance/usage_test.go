package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/reports"
)

// TestRunUsageErrors: flags that make no sense and filters that select no
// requirement exit 2 with a message naming the flag.
func TestRunUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"--run", "^NOPE$"}, `--run "^NOPE$" selects no requirement`},
		{[]string{"--skip", "."}, `--skip "." selects no requirement`},
		{[]string{"--standard", "fuzzy", "--run", "^INF"}, `--run "^INF" selects no requirement`},
		{[]string{"--shard", "2/2", "--seed", "1", "--run", "^INF-01$"}, "--shard 2/2 selects no requirement"},
		{[]string{"--shard", "3/2", "--seed", "1"}, "--shard"},
		{[]string{"--shard", "x", "--seed", "1"}, "--shard"},
		{[]string{"--shard", "1/2", "--seed", "random"}, "--shard 1/2 with --seed random"},
		{[]string{"--seed", "x"}, `flag -seed: "x": want an integer or "random"`},
		{[]string{"--memory", "m", "--no-memory"}, "--memory m with --no-memory"},
		{[]string{"--property-runs", "-5"}, "--property-runs -5"},
		{[]string{"--property-runs", "0"}, "--property-runs 0"},
		{[]string{"--timeout", "0s"}, "--timeout 0s"},
		{[]string{"--deadline", "-1s"}, "--deadline -1s"},
		{[]string{"--request-timeout", "0s"}, "--request-timeout 0s"},
		{[]string{"--run", "("}, "--run: bad pattern"},
		{[]string{"--json", "-", "--junit", "-"}, "only one report can go to standard output"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(append([]string{"run"}, tt.args...)...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q\n%s", code, stderr, exitUsage, tt.want, stdout)
			}
		})
	}
}

// TestRunAnchoredID: --run '^INF-01$' selects exactly INF-01 (the pattern
// is matched against the ID and the title, not only "ID title").
func TestRunAnchoredID(t *testing.T) {
	code, stdout, stderr := runCmd("run", "--run", "^INF-01$", "--seed", "1", "--property-runs", "2", "--json", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc reports.Document
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if r := doc.Runs[0].Results; len(r) != 1 || r[0].ID != "INF-01" {
		t.Errorf("selected %+v, want INF-01 alone", r)
	}
	if !strings.HasPrefix(stderr, "INF-01 pass (") {
		t.Errorf("stderr %q, want the verdict line of INF-01", stderr)
	}
}

// TestHintOf: the hint of an adapter's setup error is found by its type,
// however deep it is wrapped, and an error without one adds nothing.
func TestHintOf(t *testing.T) {
	hinted := fmt.Errorf("open: %w", &open.HintError{Err: errors.New("no pg_trgm"), Hint: "install it"})
	tests := []struct {
		err  error
		want string
	}{
		{hinted, "\ninstall it"},
		{errors.New("set CTXCONFORM_PG_DSN"), ""},
	}
	for _, tt := range tests {
		if got := hintOf(tt.err); got != tt.want {
			t.Errorf("hintOf(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// TestExitStatus: nil exits 0, a failed gate its status (printing its
// message, if any), any other error 2 with the command's (or subcommand's)
// name, and an error the flag package printed is not printed again.
func TestExitStatus(t *testing.T) {
	tests := []struct {
		err    error
		status int
		out    string
	}{
		{nil, exitOK, ""},
		{errGate, exitGate, ""},
		{gatef("out of date"), exitGate, "conformance x: out of date\n"},
		{&gateError{status: exitFixed, msg: "fixed"}, exitFixed, "conformance x: fixed\n"},
		{usagef("bad"), exitUsage, "conformance x: bad\n"},
		{shownUsage(errors.New("bad")), exitUsage, ""},
		{subcommand("x sub", usagef("bad")), exitUsage, "conformance x sub: bad\n"},
	}
	for _, tt := range tests {
		var out strings.Builder
		if got := exitStatus(&out, "x", tt.err); got != tt.status || out.String() != tt.out {
			t.Errorf("exitStatus(%v) = %d, %q; want %d, %q", tt.err, got, out.String(), tt.status, tt.out)
		}
	}
}
