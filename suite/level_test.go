package suite

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestLevelOrder: Must < Should < Robust < Reference, each read back from
// its label and its name, and a run at robust (the default of conformance
// run) selects ROBUST requirements but not REFERENCE ones.
func TestLevelOrder(t *testing.T) {
	ls := Levels()
	for i := 1; i < len(ls); i++ {
		if ls[i-1] >= ls[i] {
			t.Errorf("%s before %s", ls[i-1], ls[i])
		}
	}
	if !(Must < Should && Should < Robust && Robust < Reference) {
		t.Error("levels out of order")
	}
	for _, l := range ls {
		for _, s := range []string{l.Label(), l.String()} {
			if got, err := ParseLevel(s); err != nil || got != l {
				t.Errorf("ParseLevel(%q) = %v, %v; want %v", s, got, err, l)
			}
		}
	}
	if Robust.String() != "ROBUST" || Robust.Label() != "robust" || Robust.Normative() || !Should.Normative() {
		t.Errorf("robust: %s %s normative %v", Robust, Robust.Label(), Robust.Normative())
	}
	o := Options{Level: Robust}
	for _, tt := range []struct {
		l    Level
		want bool
	}{{Must, true}, {Should, true}, {Robust, true}, {Reference, false}} {
		if got := o.Selected(req("INF-01", tt.l, nil)); got != tt.want {
			t.Errorf("level robust selects %s: %v, want %v", tt.l, got, tt.want)
		}
	}
}

// TestRobustGate: a ROBUST failure does not gate at must or should (the
// default --fail-on is must), gates at robust and strict, and is counted
// apart from the standards' own levels.
func TestRobustGate(t *testing.T) {
	rep := Report{Results: []Result{
		{ID: "INF-01", Level: Must, Outcome: Passed},
		{ID: "INF-02", Level: Should, Outcome: Passed},
		{ID: "INF-11", Level: Robust, Outcome: Failed},
		{ID: "INF-13", Level: Reference, Outcome: Passed},
	}}
	for l, want := range map[Level]bool{Must: false, Should: false, Robust: true, Reference: true} {
		if got := rep.Gate(l); got != want {
			t.Errorf("fail-on %s: gate %v, want %v", l.Label(), got, want)
		}
	}
	rep.Results[2].Outcome = Errored // a program that crashed on it never passes it
	if !rep.Gate(Robust) || rep.Gate(Must) {
		t.Error("an errored ROBUST requirement must gate at robust, and only there")
	}
	want := "MUST 1/1 passed, SHOULD 1/1 passed, ROBUST 0/1 passed (ctxconform's own rules, not the standards'), REFERENCE 1/1 passed (the reference's choices)"
	if got := rep.ByLevel(); got != want {
		t.Errorf("ByLevel() = %q, want %q", got, want)
	}
	// A level with nothing judged (only skips and requirements of
	// undeclared standards) is left out, not shown as 0/0.
	rep = Report{Results: []Result{
		{ID: "INF-01", Level: Must, Outcome: Passed},
		{ID: "INF-02", Level: Should, Outcome: Skipped},
		{ID: "INF-11", Level: Robust, Outcome: NotImplemented},
	}}
	if got, want := rep.ByLevel(), "MUST 1/1 passed"; got != want {
		t.Errorf("ByLevel() = %q, want %q", got, want)
	}
}

// TestQuotedFailure: a FAIL of a MUST or SHOULD opens with its section and
// the sentence it enforces, once; an error, a pass and a ROBUST failure do
// not; the result and its JSON carry the quote.
func TestQuotedFailure(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	fail := func(t *T) { t.Errorf("window [0,10) over budget") }
	crash := func(*T) { panic("boom") }
	for _, tt := range []struct {
		name  string
		level Level
		check func(*T)
		first string
	}{
		{"MUST fails", Must, fail, `std085 §1: "the text's sentence."`},
		{"SHOULD fails", Should, fail, `std085 §1: "the text's sentence."`},
		{"ROBUST fails", Robust, fail, "window [0,10) over budget"},
		{"MUST errors", Must, crash, "panic: boom"},
	} {
		r := req("INF-01", tt.level, tt.check)
		r.Section, r.Quote = "std085 §1", "the text's sentence."
		res := RunOne(context.Background(), a, r, Options{})
		if first, _, _ := strings.Cut(res.Message, "\n"); first != tt.first {
			t.Errorf("%s: first line %q, want %q", tt.name, first, tt.first)
		}
		if strings.Count(res.Message, "the text's sentence.") > 1 {
			t.Errorf("%s: the quote repeated: %q", tt.name, res.Message)
		}
		if res.Quote != r.Quote {
			t.Errorf("%s: result quote %q", tt.name, res.Quote)
		}
		b, err := json.Marshal(res)
		if err != nil || !strings.Contains(string(b), `"quote":"the text's sentence."`) || !strings.Contains(string(b), `"level":"`+tt.level.String()+`"`) {
			t.Errorf("%s: JSON %s, %v", tt.name, b, err)
		}
		if res.Replay == nil || res.Replay.Expected != res.Message {
			t.Errorf("%s: the replay's verdict differs from the result's message: %+v", tt.name, res.Replay)
		}
	}
}

// TestWithQuotes: quotes land on their requirements, white space
// collapsed, and a quote for an unknown ID panics.
func TestWithQuotes(t *testing.T) {
	reqs := WithQuotes([]Requirement{req("INF-01", Must, nil), req("INF-02", Robust, nil)}, map[string]string{"INF-01": " a\n  sentence "})
	if reqs[0].Quote != "a sentence" || reqs[1].Quote != "" {
		t.Errorf("quotes %q, %q", reqs[0].Quote, reqs[1].Quote)
	}
	defer func() {
		if recover() == nil {
			t.Error("a quote for an unknown ID did not panic")
		}
	}()
	WithQuotes([]Requirement{req("INF-01", Must, nil)}, map[string]string{"INF-99": "x"})
}
