package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
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
		{[]string{"--seed", "x"}, `for flag --seed: "x": want an integer or "random"`},
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
	code, stdout, stderr := runCmd("run", "-v", "--run", "^INF-01$", "--seed", "1", "--property-runs", "2", "--json", "-")
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

// TestNumericFlags: every numeric flag of every command is judged one way:
// not a number, NaN, an infinity, zero or a negative where the flag does
// not allow it, or any value out of its range exits 2 with a message naming
// the flag, what was given and the range allowed; an explicit 0 is never
// taken for "use the default".
func TestNumericFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"run", "--property-runs", "0"}, "--property-runs 0: want an integer of at least 1"},
		{[]string{"run", "--property-runs", "1.5"}, "--property-runs 1.5: want an integer of at least 1"},
		{[]string{"run", "--property-runs", "NaN"}, "--property-runs NaN: want an integer of at least 1"},
		{[]string{"bench", "--count", "0"}, "--count 0: want an integer of at least 1"},
		{[]string{"bench", "--count", "-1"}, "--count -1: want an integer of at least 1"},
		{[]string{"bench", "--benchtime", "0s"}, "--benchtime 0s: want a positive duration"},
		{[]string{"bench", "--benchtime", "-1s"}, "--benchtime -1s: want a positive duration"},
		{[]string{"bench", "--benchtime", "0x"}, "--benchtime 0x: want a positive duration (1s, 500ms) or a positive count"},
		{[]string{"bench", "--benchtime", "soon"}, "--benchtime soon: want a positive duration"},
		{[]string{"compare", "--threshold", "NaN", "a", "b"}, "--threshold NaN: want a percentage like 5% (0% or more) or a fraction like 0.05 (0 to 1)"},
		{[]string{"compare", "--threshold", "Inf%", "a", "b"}, "--threshold Inf%: want a percentage"},
		{[]string{"compare", "--threshold", "-1%", "a", "b"}, "--threshold -1%: a change cannot be negative"},
		{[]string{"compare", "--threshold", "5", "a", "b"}, "--threshold 5: write 5% for a percentage, or a fraction up to 1"},
		{[]string{"compare", "--alpha", "0", "a", "b"}, "--alpha 0: want a number in (0, 1)"},
		{[]string{"compare", "--alpha", "1", "a", "b"}, "--alpha 1: want a number in (0, 1)"},
		{[]string{"compare", "--alpha", "NaN", "a", "b"}, "--alpha NaN: want a number in (0, 1)"},
		{[]string{"history", "--p-value", "0", "dir"}, "--p-value 0: want a number in (0, 1)"},
		{[]string{"history", "--p-value", "-0.1", "dir"}, "--p-value -0.1: want a number in (0, 1)"},
		{[]string{"history", "--p-value", "Inf", "dir"}, "--p-value Inf: want a number in (0, 1)"},
		{[]string{"history", "--p-value", "NaN", "dir"}, "--p-value NaN: want a number in (0, 1)"},
		{[]string{"history", "--permutations", "0", "dir"}, "--permutations 0: want an integer in [1, 1000000]"},
		{[]string{"history", "--permutations", "-3", "dir"}, "--permutations -3: want an integer in [1, 1000000]"},
		{[]string{"history", "--permutations", "2000000", "dir"}, "--permutations 2000000: want an integer in [1, 1000000]"},
		{[]string{"history", "--permutations", "99", "dir"}, "--permutations 99 with --p-value 0.002: 99 permutations cannot reach a p-value of 0.002"},
		{[]string{"history", "--min-segment", "0", "dir"}, "--min-segment 0: want an integer of at least 2"},
		{[]string{"history", "--min-segment", "1", "dir"}, "--min-segment 1: want an integer of at least 2"},
		{[]string{"history", "--min-change", "NaN", "dir"}, "--min-change NaN: want a percentage"},
		{[]string{"history", "--min-change", "-1%", "dir"}, "--min-change -1%: a change cannot be negative"},
		{[]string{"history", "accuracy", "--histories", "0"}, "--histories 0: want an integer of at least 1"},
		{[]string{"history", "accuracy", "--runs", "0"}, "--runs 0: want an integer of at least 21"},
		{[]string{"history", "accuracy", "--p-value", "0"}, "--p-value 0: want a number in (0, 1)"},
		{[]string{"history", "accuracy", "--min-segment", "0"}, "--min-segment 0: want an integer of at least 2"},
		{[]string{"replay", "--timeout", "0s", "x.json"}, "--timeout 0s: want a positive duration"},
		{[]string{"serve-reference", "--spin", "-1ms"}, "--spin -1ms: a wait cannot be negative"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(tt.args...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q\n%s", code, stderr, exitUsage, tt.want, stdout)
			}
		})
	}
}

// TestNumericFlagsAccepted: the values at the edges of each range are
// accepted, and a flag not given keeps its default ("not set").
func TestNumericFlagsAccepted(t *testing.T) {
	fs := newFlagSet("x", "", io.Discard)
	perms := intFlag(fs, "permutations", 0, 1, 1e6, "").unset("2/p-value - 1", 0)
	p := floatFlag(fs, "p-value", 0.002, 0, 1, true, true, "")
	seg := intFlag(fs, "min-segment", 5, 2, math.Inf(1), "")
	if err := fs.Parse([]string{"--permutations", "1000000", "--p-value", "0.5"}); err != nil {
		t.Fatal(err)
	}
	if err := checkFlags(fs); err != nil {
		t.Fatal(err)
	}
	if perms.Int() != 1e6 || p.Float() != 0.5 || seg.Int() != 5 {
		t.Errorf("read %d %v %d, want 1000000 0.5 5", perms.Int(), p.Float(), seg.Int())
	}
	var help strings.Builder
	fs.SetOutput(&help)
	fs.PrintDefaults()
	for _, want := range []string{"(default 2/p-value - 1)", "(an integer of at least 2) (default 5)", "(a number in (0, 1)) (default 0.002)"} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("-h lacks %q:\n%s", want, help.String())
		}
	}
}

// TestHelp: -h and --help of every command and subcommand print its usage
// on standard output, a paragraph saying what it does before the flags,
// and exit 0.
func TestHelp(t *testing.T) {
	var names [][]string
	for _, c := range commands {
		names = append(names, []string{c.name})
	}
	names = append(names, []string{"history", "import"}, []string{"history", "accuracy"})
	for _, name := range names {
		for _, h := range []string{"-h", "--help"} {
			t.Run(strings.Join(name, " ")+" "+h, func(t *testing.T) {
				code, stdout, stderr := runCmd(append(name, h)...)
				if code != exitOK || stderr != "" {
					t.Fatalf("exit %d, stderr %q; want 0 and the usage on stdout", code, stderr)
				}
				if want := "usage: conformance " + strings.Join(name, " "); !strings.HasPrefix(stdout, want) {
					t.Errorf("stdout starts %.60q, want %q", stdout, want)
				}
				_, rest, _ := strings.Cut(stdout, "\n\n")
				desc, _, _ := strings.Cut(rest, "\n\n")
				if len(desc) < 100 || strings.HasPrefix(desc, "  -") {
					t.Errorf("no paragraph describing the command before its flags:\n%s", stdout)
				}
			})
		}
	}
}

// TestUnknownCommand: an unknown command is named, with the command meant
// when one is close, before the list of commands; exit 2.
func TestUnknownCommand(t *testing.T) {
	tests := []struct {
		name, want string
	}{
		{"rum", "conformance: unknown command \"rum\": did you mean run?\n"},
		{"mrege", "conformance: unknown command \"mrege\": did you mean merge?\n"},
		{"serve-refrence", "conformance: unknown command \"serve-refrence\": did you mean serve-reference?\n"},
		{"hlep", "conformance: unknown command \"hlep\": did you mean help?\n"},
		{"zzzzzz", "conformance: unknown command \"zzzzzz\"\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(tt.name)
			if code != exitUsage || !strings.HasPrefix(stderr, tt.want) || !strings.Contains(stderr, "Commands:") {
				t.Errorf("exit %d, stderr %q; want %d and %q before the commands\n%s", code, stderr, exitUsage, tt.want, stdout)
			}
		})
	}
}

// TestMisspelledFlag: an unknown flag is said in two lines, with the flag
// meant when one is close, and where the flags are described; exit 2.
func TestMisspelledFlag(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--adaptor", "exec"}, "conformance run: unknown flag --adaptor: did you mean --adapter?\n"},
		{[]string{"bench", "--cout", "3"}, "conformance bench: unknown flag --cout: did you mean --count?\n"},
		{[]string{"list", "-qoutes"}, "conformance list: unknown flag --qoutes: did you mean --quotes?\n"},
		{[]string{"diff", "--zzzzzz", "a.json", "b.json"}, "conformance diff: unknown flag --zzzzzz\n"},
		{[]string{"history", "import", "--comit", "x"}, "conformance history import: unknown flag --comit: did you mean --commit?\n"},
		{[]string{"run", "--fail-on", "robustt"}, "conformance run: invalid value \"robustt\" for flag --fail-on: unknown level \"robustt\" (want must, should, robust or strict): did you mean robust?\n"},
		{[]string{"list", "--level", "stict"}, "conformance list: invalid value \"stict\" for flag --level: unknown level \"stict\" (want must, should, robust or strict): did you mean strict?\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(tt.args...)
			if code != exitUsage || !strings.HasPrefix(stderr, tt.want) || !strings.Contains(stderr, " -h\" for its flags") {
				t.Errorf("exit %d, stderr %q; want %d and %q with a pointer to -h\n%s", code, stderr, exitUsage, tt.want, stdout)
			}
			if n := strings.Count(stderr, "\n"); n > 3 {
				t.Errorf("%d lines on stderr, want the error in at most 3:\n%s", n, stderr)
			}
		})
	}
}

// TestEditDistance: a letter inserted, deleted, changed or swapped with its
// neighbour is one edit each.
func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"run", "run", 0},
		{"rum", "run", 1},
		{"rn", "run", 1},
		{"runn", "run", 1},
		{"mrege", "merge", 1},
		{"hlep", "help", 1},
		{"ab", "ba", 1},
		{"abc", "cba", 2},
		{"", "diff", 4},
		{"zzzzzz", "merge", 6},
	} {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := editDistance(tt.b, tt.a); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}
