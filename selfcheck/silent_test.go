package selfcheck_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/suite"
)

// silent declares every standard and answers every operation with err: no
// answer at all, in process.
type silent struct{ err error }

func (silent) Info() adapters.Info {
	i := reference.New().Info()
	i.Name = "silent"
	return i
}
func (silent) Close() error { return nil }
func (s silent) Inflate(context.Context, inflate.Request) (inflate.Result, error) {
	return inflate.Result{}, s.err
}
func (s silent) Assemble(context.Context, adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	return adapters.AssembleAnswer{}, s.err
}
func (s silent) Densify(context.Context, adapters.DensifyRequest, densify.Provider) (adapters.DensifyAnswer, error) {
	return adapters.DensifyAnswer{}, s.err
}
func (s silent) Radius(context.Context, adapters.RadiusRequest) (int, error) { return 0, s.err }
func (s silent) Census(context.Context, adapters.CensusRequest) ([]radial.Atom, error) {
	return nil, s.err
}
func (s silent) Hydrate(context.Context, adapters.HydrateRequest) (elastic.Result, error) {
	return elastic.Result{}, s.err
}
func (s silent) Multiplier(context.Context, adapters.GraphRequest) (float64, error) { return 0, s.err }
func (s silent) Expand(context.Context, adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	return adapters.ExpandAnswer{}, s.err
}
func (s silent) Search(context.Context, adapters.SearchRequest) (adapters.SearchAnswer, error) {
	return adapters.SearchAnswer{}, s.err
}
func (s silent) Trigrams(context.Context, adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	return adapters.TrigramAnswer{}, s.err
}
func (s silent) RadialIngest(context.Context, adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	return adapters.RadialIngestAnswer{}, s.err
}
func (s silent) RadialWindows(context.Context, adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	return adapters.RadialWindowsAnswer{}, s.err
}
func (s silent) RadialSplit(context.Context, adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
	return adapters.RadialSplitAnswer{}, s.err
}

// TestEveryCheckJudgesNonAnswersAlike runs the whole catalogue, every
// level, in process, against an implementation that answers every
// operation with one kind of non-answer, and checks that every requirement
// gets the outcome the kind calls for, whichever way its check calls the
// operation (X or MustX, refusal checks included), after one call: a fault
// or a missed deadline is ERROR, not_implemented is NOT IMPLEMENTED; none
// is ever FAIL or pass. (TestNonAnswersAreNeverFailures does the same with
// real programs over the protocol, more slowly.)
func TestEveryCheckJudgesNonAnswersAlike(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want suite.Outcome
	}{
		{"fault", adapters.Fault("crashed"), suite.Errored},
		{"deadline", fmt.Errorf("no answer: %w", context.DeadlineExceeded), suite.Errored},
		{"not implemented", fmt.Errorf("op seq 1: not provided: %w", adapters.ErrNotImplemented), suite.NotImplemented},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 2, Timeout: time.Minute}
			rep := suite.Run(context.Background(), silent{tt.err}, ctxconform.Requirements(), opts)
			var bad []string
			for _, r := range rep.Results {
				if r.Outcome != tt.want && !(r.Outcome == suite.Skipped && strings.HasPrefix(r.ID, "PRF-")) {
					bad = append(bad, fmt.Sprintf("%s %s, want %s: %s", r.ID, r.Outcome, tt.want, firstLineOf(r.Message)))
				}
				if r.Replay != nil && len(r.Replay.Calls) > 1 {
					bad = append(bad, fmt.Sprintf("%s made %d calls: it went on after the first non-answer", r.ID, len(r.Replay.Calls)))
				}
			}
			if errors.Is(tt.err, adapters.ErrNotImplemented) && len(rep.Partials()) == 0 {
				bad = append(bad, "no standard reported partly implemented")
			}
			t.Logf("%s", rep.Summary())
			if len(bad) > 0 {
				slices.Sort(bad)
				t.Errorf("%d of %d requirements:\n%s", len(bad), len(rep.Results), strings.Join(bad, "\n"))
			}
		})
	}
}
