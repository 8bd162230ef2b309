package suite

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// fake declares inflate and implements it; other standards are undeclared.
type fake struct{ declared []adapters.Standard }

func (f fake) Info() adapters.Info {
	return adapters.Info{Name: "fake", Version: "1", Unit: unit.Bytes, Standards: f.declared}
}
func (fake) Close() error { return nil }
func (fake) Inflate(context.Context, inflate.Request) (inflate.Result, error) {
	return inflate.Result{}, nil
}

func req(id string, level Level, check func(*T)) Requirement {
	return Requirement{ID: id, Standard: adapters.Inflate, Section: "§1", Level: level, Title: "title of " + id, Kind: Spec, Check: check}
}

func TestRunOneOutcomes(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	tests := []struct {
		name    string
		check   func(*T)
		want    Outcome
		message string // a part of the message
	}{
		{"pass", func(*T) {}, Passed, ""},
		{"errorf goes on", func(t *T) { t.Errorf("first"); t.Errorf("second") }, Failed, "first\nsecond"},
		{"fatalf stops", func(t *T) { t.Fatalf("stop"); t.Errorf("not reached") }, Failed, "stop"},
		{"wrong answer", func(t *T) { t.OperationFailed("inflate", errors.New("bad offsets")) }, Failed, "inflate: bad offsets"},
		{"fault", func(t *T) { t.OperationFailed("inflate", adapters.Fault("crashed")) }, Errored, "crashed"},
		{"inexpressible", func(t *T) { t.OperationFailed("inflate", adapters.ErrInexpressible) }, Skipped, "cannot reach"},
		{"panic", func(*T) { panic("boom") }, Errored, "panic: boom"},
		{"skip", func(t *T) { t.Skipf("no %s", "reason") }, Skipped, "no reason"},
		{"failure wins over skip", func(t *T) { t.Errorf("bad"); t.Skipf("later") }, Failed, "bad"},
		{"hang", func(*T) { select {} }, Errored, "no answer within"},
		{"deadline", func(t *T) { t.OperationFailed("inflate", context.DeadlineExceeded) }, Errored, "deadline"},
		{"operation not implemented", func(t *T) {
			t.OperationFailed("hydrate", errors.Join(errors.New("elastic_hydrate seq 3"), adapters.ErrNotImplemented))
		}, NotImplemented, "does not provide hydrate"},
		{"failure wins over not implemented", func(t *T) { t.Errorf("bad"); t.OperationFailed("census", adapters.ErrNotImplemented) }, Failed, "bad"},
		{"inconclusive", func(t *T) { t.Inconclusivef("both arms %s", "alike") }, Inconclusive, "both arms alike"},
		{"failure wins over inconclusive", func(t *T) { t.Errorf("bad"); t.Inconclusivef("alike") }, Failed, "bad"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := RunOne(context.Background(), a, req("INF-01", Must, tt.check), Options{Timeout: 50 * time.Millisecond})
			if res.Outcome != tt.want || !strings.Contains(res.Message, tt.message) {
				t.Errorf("outcome %s %q, want %s containing %q", res.Outcome, res.Message, tt.want, tt.message)
			}
		})
	}
}

func TestRunOneNotImplemented(t *testing.T) {
	ran := false
	r := req("INF-01", Must, func(*T) { ran = true })
	if res := RunOne(context.Background(), fake{}, r, Options{}); res.Outcome != NotImplemented || ran {
		t.Errorf("undeclared standard: %s (check ran: %v), want not implemented without running", res.Outcome, ran)
	}
	// Declared but without the operation interface: the adapter's fault.
	r.Standard = adapters.Fuzzy
	res := RunOne(context.Background(), fake{declared: []adapters.Standard{adapters.Fuzzy}}, r, Options{})
	if res.Outcome != Errored || ran {
		t.Errorf("declared without its operations: %s, want errored", res.Outcome)
	}
}

func TestNotesAndLogsKeptWhateverTheVerdict(t *testing.T) {
	r := req("INF-01", Must, func(t *T) { t.Notef("cost %d", 3); t.Logf("detail"); t.Errorf("bad") })
	res := RunOne(context.Background(), fake{declared: []adapters.Standard{adapters.Inflate}}, r, Options{})
	if len(res.Notes) != 1 || res.Notes[0] != "cost 3" || len(res.Logs) != 1 {
		t.Errorf("notes %q, logs %q", res.Notes, res.Logs)
	}
}

func TestSelectionAndGate(t *testing.T) {
	pass := func(*T) {}
	fail := func(t *T) { t.Errorf("no") }
	reqs := []Requirement{
		req("INF-02", Should, fail),
		req("INF-01", Must, pass),
		req("INF-03", Reference, fail),
	}
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	tests := []struct {
		opts   Options
		ids    string
		gateOn map[Level]bool
	}{
		{Options{Level: Must}, "INF-01", map[Level]bool{Must: false, Should: false, Reference: false}},
		{Options{Level: Should}, "INF-01 INF-02", map[Level]bool{Must: false, Should: true, Reference: true}},
		{Options{Level: Reference}, "INF-01 INF-02 INF-03", map[Level]bool{Must: false, Should: true, Reference: true}},
		{Options{Level: Reference, Match: regexp.MustCompile("INF-03")}, "INF-03", map[Level]bool{Must: false, Should: false, Reference: true}},
		{Options{Level: Reference, Skip: regexp.MustCompile("INF-0[23]")}, "INF-01", map[Level]bool{Reference: false}},
		{Options{Level: Reference, Standards: []adapters.Standard{adapters.Fuzzy}}, "", map[Level]bool{Reference: false}},
	}
	for _, tt := range tests {
		rep := Run(context.Background(), a, reqs, tt.opts)
		var ids []string
		for _, r := range rep.Results {
			ids = append(ids, r.ID)
		}
		if got := strings.Join(ids, " "); got != tt.ids {
			t.Errorf("%+v: ran %q, want %q (sorted by ID)", tt.opts, got, tt.ids)
		}
		for l, want := range tt.gateOn {
			if got := rep.Gate(l); got != want {
				t.Errorf("%+v: Gate(%s) = %v, want %v", tt.opts, l, got, want)
			}
		}
	}
}

func TestValidate(t *testing.T) {
	ok := req("INF-01", Must, func(*T) {})
	tests := []struct {
		name string
		mod  func(*Requirement)
	}{
		{"bad ID", func(r *Requirement) { r.ID = "inf-1" }},
		{"no title", func(r *Requirement) { r.Title = "" }},
		{"no check", func(r *Requirement) { r.Check = nil }},
		{"bad kind", func(r *Requirement) { r.Kind = "example" }},
	}
	if err := Validate([]Requirement{ok}); err != nil {
		t.Fatalf("valid catalogue: %v", err)
	}
	if err := Validate([]Requirement{ok, ok}); err == nil {
		t.Error("duplicate IDs accepted")
	}
	for _, tt := range tests {
		r := ok
		tt.mod(&r)
		if err := Validate([]Requirement{r}); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
}

// TestParseLevel: the level names of the command line are the ones every
// message suggests (Label) and the error lists: must, should, robust and
// strict; the reports' MUST … REFERENCE read back too, and nothing else.
func TestParseLevel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Level
		err  string // "" when it reads
	}{
		{"must", Must, ""},
		{"should", Should, ""},
		{"robust", Robust, ""},
		{"strict", Reference, ""},
		{"MUST", Must, ""},
		{"REFERENCE", Reference, ""},
		{"robustt", 0, `unknown level "robustt" (want must, should, robust or strict)`},
		{"may", 0, `unknown level "may" (want must, should, robust or strict)`},
		{"reference", 0, `unknown level "reference": the level that runs the REFERENCE requirements is strict (want must, should, robust or strict)`},
		{"Must", 0, `unknown level "Must" (want must, should, robust or strict)`},
	} {
		got, err := ParseLevel(tt.in)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("ParseLevel(%q) error %v, want %q", tt.in, err, tt.err)
		}
	}
	_, err := ParseLevel("")
	for _, l := range Levels() {
		if !strings.Contains(err.Error(), l.Label()) {
			t.Errorf("the error %q does not list %s's label %q", err, l, l.Label())
		}
	}
}
