package selfcheck_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/suite"
)

// TestPartialImplementation runs the elastic requirements against a program
// (testdata/faulty/partial.py) that declares the standard but answers
// not_implemented for hydration and census: the requirements that need them
// are not implemented, naming the operation, never failed; those of the
// radius, which it provides, get verdicts; the summary says the standard is
// partly implemented; and the run does not gate, as for an undeclared
// standard.
func TestPartialImplementation(t *testing.T) {
	if testing.Short() {
		t.Skip("starts programs: not in -short")
	}
	python := testprog.Python(t)
	argv := []string{python, filepath.Join("..", "testdata", "faulty", "partial.py")}
	ctx := context.Background()
	a, err := process.Exec(ctx, argv, process.Options{StartTimeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	opts := suite.Options{Level: suite.Reference, Standards: []adapters.Standard{adapters.Elastic}, Seed: 1, PropertyRuns: 4}
	rep := suite.Run(ctx, a, ctxconform.Requirements(), opts)
	radiusOnly := regexp.MustCompile(`^ELA-(01|12|13)$`) // the radius alone
	for _, r := range rep.Results {
		switch {
		case radiusOnly.MatchString(r.ID):
			if r.Outcome != suite.Passed {
				t.Errorf("%s %s, want passed (the radius is implemented): %s", r.ID, r.Outcome, r.Message)
			}
		case r.Outcome != suite.NotImplemented:
			t.Errorf("%s %s, want not implemented: %s", r.ID, r.Outcome, r.Message)
		case r.Unimplemented != "census" && r.Unimplemented != "hydrate":
			t.Errorf("%s: not implemented names operation %q, want census or hydrate (message %q)", r.ID, r.Unimplemented, r.Message)
		}
	}
	if want := "elastic: partly implemented (census, hydrate not implemented)"; !strings.Contains(rep.Summary(), want) {
		t.Errorf("summary %q, want it to say %q", rep.Summary(), want)
	}
	if rep.Gate(suite.Reference) {
		t.Errorf("the run gates: operations not implemented must gate as an undeclared standard does (not at all)")
	}
}

// decliner is the reference, except that it declines every request it
// refuses with not_implemented rather than invalid_request.
type decliner struct{ *reference.Adapter }

func (d decliner) Radius(ctx context.Context, req adapters.RadiusRequest) (int, error) {
	r, err := d.Adapter.Radius(ctx, req)
	if err != nil {
		return r, fmt.Errorf("%v: %w", err, adapters.ErrNotImplemented)
	}
	return r, nil
}

func (d decliner) Hydrate(ctx context.Context, req adapters.HydrateRequest) (elastic.Result, error) {
	r, err := d.Adapter.Hydrate(ctx, req)
	if err != nil {
		return r, fmt.Errorf("%v: %w", err, adapters.ErrNotImplemented)
	}
	return r, nil
}

// TestNotImplementedAfterAnAnswerDeclines: once an operation has answered a
// request of the check, a not_implemented to another request declines that
// request (an unsupported input, a faulty request): the refusal checks count
// it, the operation is not reported missing.
func TestNotImplementedAfterAnAnswerDeclines(t *testing.T) {
	opts := suite.Options{Level: suite.Reference, Standards: []adapters.Standard{adapters.Elastic}, Seed: 1,
		Match: regexp.MustCompile(`^ELA-(02|10)$`)}
	rep := suite.Run(context.Background(), decliner{reference.New()}, ctxconform.Requirements(), opts)
	if len(rep.Results) != 2 {
		t.Fatalf("%d results, want ELA-02 and ELA-10", len(rep.Results))
	}
	for _, r := range rep.Results {
		if r.Outcome != suite.Passed {
			t.Errorf("%s %s, want passed (its faulty requests declined): %s", r.ID, r.Outcome, r.Message)
		}
	}
}
