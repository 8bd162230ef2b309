package protocol_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/suite/call"
)

// waiting is a provider that does not say it answers at once (no
// Immediate method): the harness asks it on a goroutine per call.
type waiting struct{ m *call.Model }

func (w waiting) Complete(ctx context.Context, prompt, input string) (string, error) {
	return w.m.Complete(ctx, prompt, input)
}

// TestProviderCallsOverProcess: a densify request whose provider calls are
// answered in line (the harness's model) or on goroutines (a provider that
// may wait) gets, from the reference served by a separate program, the
// answer the reference gives in process; and the session stays usable.
// Both with the waits as shipped (each side spins before it sleeps) and
// with both sides sleeping at once.
func TestProviderCallsOverProcess(t *testing.T) {
	for _, spin := range []struct {
		name    string
		served  time.Duration // ServeOptions.Spin
		harness time.Duration // Options.Spin
	}{{"spin", servedSpin, 0}, {"no spin", 0, -1}} {
		t.Run(spin.name, func(t *testing.T) {
			t.Setenv(serveEnv, spin.served.String())
			providerCallsOverProcess(t, servedReferenceWith(t, protocol.Options{Spin: spin.harness}))
		})
	}
}

func providerCallsOverProcess(t *testing.T, a *protocol.Adapter) {
	ctx := context.Background()
	cfg := sim.Config{Cap: 4096}
	req := adapters.DensifyRequest{Input: strings.Repeat("A sentence of several words to densify. ", 1000), Cap: 4096}
	model := func() *call.Model {
		m, err := call.NewModel(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	want, err := reference.New().Densify(ctx, req, model())
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Runs) == 0 || want.Runs[0].Calls() < 2 {
		t.Fatal("the request makes fewer than two provider calls: it tests little")
	}
	for _, p := range []struct {
		name string
		p    interface {
			Complete(context.Context, string, string) (string, error)
		}
	}{{"in line", model()}, {"on goroutines", waiting{model()}}, {"in line again", model()}} {
		got, err := a.Densify(ctx, req, p.p)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: over the protocol %+v, in process %+v", p.name, got, want)
		}
	}
	if a.Restarts() != 0 {
		t.Errorf("restarted %d times:\n%s", a.Restarts(), a.Stderr())
	}
}
