package selfcheck_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/suite"
)

// goSyntax is how a Go value printed with %v or %+v looks: a struct with
// its field names ({Windows:[…) or a pointer to one (&{…).
var goSyntax = regexp.MustCompile(`\{[A-Z][A-Za-z]*:|&\{`)

// TestMessagesSpeakProtocol: no message of a run against the mutants and
// the faulty programs shows Go syntax; requests and answers are protocol
// JSON, and generator recipes stay in the replay file.
func TestMessagesSpeakProtocol(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every mutant: not in -short")
	}
	reqs := ctxconform.Requirements()
	check := func(t *testing.T, rep suite.Report) {
		t.Helper()
		for _, r := range rep.Results {
			for _, m := range append([]string{r.Message}, r.Logs...) {
				if loc := goSyntax.FindStringIndex(m); loc != nil {
					t.Errorf("%s %s: Go syntax %q in:\n%s", r.ID, r.Outcome, m[loc[0]:min(len(m), loc[1]+40)], m)
				}
			}
		}
	}
	for _, tt := range mutants() {
		name := string(tt.std) + "/" + strings.TrimPrefix(tt.mutant.Info().Name, "broken/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 20, Standards: []adapters.Standard{tt.std},
				Match: regexp.MustCompile(`^(` + strings.Join(tt.caught, "|") + `) `)}
			check(t, suite.Run(context.Background(), tt.mutant, reqs, opts))
		})
	}
	python := testprog.Python(t)
	for _, prog := range [][]string{{"refuse.py", "--all"}, {"garbage.py", "--all"}} {
		t.Run("faulty/"+prog[0], func(t *testing.T) {
			t.Parallel()
			argv := append([]string{python, filepath.Join("..", "testdata", "faulty", prog[0])}, prog[1:]...)
			a, err := startProgram(argv, process.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			o := faultyOptions
			o.Seed, o.Standards, o.Level = 1, nil, suite.Reference
			if prog[0] == "garbage.py" { // each garbled answer costs a restart
				o.Match = regexp.MustCompile(badInput)
			}
			check(t, suite.Run(context.Background(), a, reqs, o))
		})
	}
}
