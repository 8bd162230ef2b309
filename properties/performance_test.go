package properties_test

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/properties"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

// Implementations that miss one performance target each, so the PRF checks
// are shown able to fail.

// doubleBudget inflates with twice the budget it was given.
type doubleBudget struct{ *reference.Adapter }

func (a doubleBudget) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	if req.Budget != nil {
		b := 2 * *req.Budget
		req.Budget = &b
	}
	return a.Adapter.Inflate(ctx, req)
}

// hungry copies every document before inflating, as an engine that fetches
// whole bodies to cut windows would.
type hungry struct{ *reference.Adapter }

var sink []string

func (a hungry) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	docs := make([]inflate.Document, len(req.Documents))
	for i, d := range req.Documents {
		d.Body = strings.Clone(d.Body)
		docs[i] = d
		sink = append(sink[:0], d.Body)
	}
	req.Documents = docs
	return a.Adapter.Inflate(ctx, req)
}

// sluggish returns one window after 6 ms: 6 ms per window.
type sluggish struct{ *reference.Adapter }

func (a sluggish) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	res, err := a.Adapter.Inflate(ctx, req)
	time.Sleep(6 * time.Millisecond)
	if len(res.Windows) > 1 {
		for _, w := range res.Windows[1:] {
			res.Dropped = append(res.Dropped, w.Hits...)
		}
		res.Windows = res.Windows[:1]
	}
	return res, err
}

func TestPerformanceTargetsCatchMutants(t *testing.T) {
	prf := map[string]suite.Requirement{}
	for _, r := range properties.Requirements() {
		if strings.HasPrefix(r.ID, "PRF-") {
			prf[r.ID] = r
		}
	}
	if len(prf) != 4 {
		t.Fatalf("%d PRF requirements, want 4", len(prf))
	}
	all := []string{"PRF-01", "PRF-02", "PRF-03", "PRF-04"}
	for _, c := range []struct {
		name  string
		a     adapters.Adapter
		fails []string
	}{
		{"reference", reference.New(), nil},
		// Windows twice the budget, most far longer than MIN_WINDOW_CAP:
		// over budget under every reading (PRF-01) and the hard one (PRF-04).
		{"double budget", doubleBudget{reference.New()}, []string{"PRF-01", "PRF-04"}},
		{"hungry", hungry{reference.New()}, []string{"PRF-02"}},
		{"sluggish", sluggish{reference.New()}, []string{"PRF-03"}},
	} {
		ids := all
		if c.fails != nil {
			ids = c.fails
		}
		for _, id := range ids {
			res := suite.RunOne(context.Background(), c.a, prf[id], suite.Options{Level: suite.Reference, Seed: 7, PropertyRuns: 40})
			want := suite.Passed
			if slices.Contains(c.fails, id) {
				want = suite.Failed
			}
			if res.Outcome != want {
				t.Errorf("%s: %s %s, want %s: %s %v", c.name, id, res.Outcome, want, res.Message, res.Notes)
			}
		}
	}
}

// servedOverPipes is the reference behind the process protocol, served in
// this process over pipes, declaring the given capabilities (none: an empty
// list).
func servedOverPipes(t *testing.T, capabilities []string) adapters.Adapter {
	t.Helper()
	launch := func(ctx context.Context, _ io.Writer) (*process.Process, error) {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan error, 1)
		go func() {
			err := process.Serve(ctx, reference.New(), inR, outW, process.ServeOptions{Standards: []adapters.Standard{adapters.Inflate}, Capabilities: capabilities})
			outW.CloseWithError(io.EOF)
			done <- err
		}()
		kill := func() { inW.Close(); inR.Close(); outR.Close() }
		return &process.Process{Stdin: inW, Stdout: outR, Kill: kill, Wait: func() error { return <-done }}, nil
	}
	a, err := process.New(context.Background(), launch, process.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// TestPerformanceOverProtocol checks what docs/implementers.md and PROTOCOL.md promise of
// a program behind the process protocol: without the bench capability its
// time (PRF-03) and memory (PRF-02) are skipped with the reason, never
// measured over the pipe; with it, they are its own figures.
func TestPerformanceOverProtocol(t *testing.T) {
	prf := map[string]suite.Requirement{}
	for _, r := range properties.Requirements() {
		prf[r.ID] = r
	}
	for _, c := range []struct {
		name         string
		capabilities []string
		want         suite.Outcome
		says         string // in the message (skipped) or a note (passed)
	}{
		{"without bench", []string{}, suite.Skipped, "does not time itself"},
		{"with bench", nil, suite.Passed, "timed by the implementation on its own clock"},
	} {
		a := servedOverPipes(t, c.capabilities)
		for _, id := range []string{"PRF-02", "PRF-03"} {
			res := suite.RunOne(context.Background(), a, prf[id], suite.Options{Level: suite.Reference})
			text := res.Message + strings.Join(res.Notes, "\n")
			if res.Outcome != c.want || id == "PRF-03" && !strings.Contains(text, c.says) {
				t.Errorf("%s: %s %s, want %s saying %q: %s", c.name, id, res.Outcome, c.want, c.says, text)
			}
		}
	}
}
