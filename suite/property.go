package suite

import (
	"fmt"
	"math/rand"
	"reflect"
	"time"

	"github.com/leanovate/gopter"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Case is one of a property's fixed edge cases: a value of the property's
// case type and the name the verdict gives it.
type Case[C any] struct {
	Name  string
	Value C
}

// ForAll checks a property: f on the cases of the failure memory
// (Options.Remembered, see remembered), then on every fixed edge case in
// order, then on t.PropertyRuns() cases drawn from g with the run's seed. f returns ""
// when the case holds, else what is wrong with the answer.
//
// The edge cases come first so that the verdict of a deterministic
// implementation does not depend on the seed: they hold the inputs where
// faults hide (empty documents, budgets at the cap, characters at window
// edges). The first failing case is sent again: if it then holds, the
// verdict names the property flaky, with both answers. Otherwise the case,
// edge or generated, is shrunk to a local minimum (shrink.go), bounded by
// time only; the first failure is never lost, whatever happens while
// shrinking (a crash, the requirement's deadline).
//
// When every generated case is discarded (the generator's conditions held
// for none), the property is Inconclusive, whatever the edge cases showed.
//
// With Options.Replay naming this requirement, f runs on the replayed case
// only.
func ForAll[C any](t *T, name string, edges []Case[C], g gopter.Gen, f func(C) string) {
	p := &property[C]{t: t, name: name, f: f}
	if t.probing && t.replayValue() == nil {
		t.endProbe(errNoCase)
	}
	if raw := t.replayValue(); raw != nil {
		var c C
		if err := jsonenc.UnmarshalAnyStrict(raw, &c); err != nil {
			t.replayRefused(fmt.Errorf("value: not a case of property %q: %v", name, err))
		}
		p.from = FromReplayed
		if v, ok := any(c).(Validator); ok && !v.Valid() {
			t.replayRefused(fmt.Errorf("value: the case describes no valid request of property %q (a hit outside its document, an empty ID), so it cannot be sent", name))
		}
		if t.probing {
			t.endProbe(errProbed)
		}
		if msg, calls := p.run("replayed case", c); msg != "" {
			p.fail(found[C]{name: "replayed case", value: c, msg: msg, calls: calls, implied: p.implied})
		}
		return
	}
	if p.remembered() {
		return
	}
	p.from = FromEdge
	for _, e := range edges {
		if msg, calls := p.run("edge case "+e.Name, e.Value); msg != "" {
			p.settle(found[C]{name: "edge case " + e.Name, value: e.Value, msg: msg, calls: calls, implied: p.implied})
			return
		}
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(t.Seed()))
	runs := t.PropertyRuns()
	p.from = FromGenerated
	discarded := 0
	for i := 0; i < runs; i++ {
		size := params.MinSize + (params.MaxSize-params.MinSize)*i/max(runs, 1)
		r := g(params.WithSize(size))
		v, ok := r.Retrieve()
		if !ok {
			discarded++
			continue
		}
		c := v.(C)
		name := fmt.Sprintf("generated case %d of %d (seed %d)", i+1, runs, t.Seed())
		if msg, calls := p.run(name, c); msg != "" {
			p.settle(found[C]{name: name, value: c, msg: msg, calls: calls, implied: p.implied})
			return
		}
	}
	if runs > 0 && discarded == runs {
		t.Inconclusivef("property %q: every one of its %d generated cases was discarded by its generator (seed %d), so nothing was generated to check; its %d edge cases held",
			name, runs, t.Seed(), len(edges))
	}
}

type property[C any] struct {
	t    *T
	name string
	f    func(C) string
	from string // where the cases now checked come from (Replay.From)
	// implied is the last case's evidence (T.ImpliedBy), for its found.
	implied map[string]bool
}

// found is a failing case: its name, value, what was wrong, and the calls
// it made.
type found[C any] struct {
	name  string
	value C
	msg   string
	calls []Call
	note  string
	// implied is what the case's failing answers were shown to imply
	// (T.ImpliedBy): the evidence that the failure follows from another.
	implied map[string]bool
}

// run checks one case and returns the calls it made. The case is kept as
// the current one: should the implementation not answer, the ERROR's
// replay holds it.
func (p *property[C]) run(name string, c C) (string, []Call) {
	p.t.beginCase(name, p.from, c)
	msg := p.f(c)
	calls, implied := p.t.endCase()
	p.implied = implied
	return msg, calls
}

// settle confirms a failure by sending its case again, then shrinks it.
// The failure is recorded as soon as it is seen (so a deadline reports it),
// and once more, smaller, when shrinking ends.
func (p *property[C]) settle(first found[C]) {
	best := first
	p.pend(best)
	defer func() { p.fail(best) }() // even when a crash ends the check mid-shrink
	p.t.setShrinking(true)
	defer p.t.setShrinking(false)

	msg, calls := p.run(first.name+", sent again", first.value)
	if msg == "" {
		best.note = fmt.Sprintf("flaky: the case failed once and held when sent again\nfirst answer: %s\nanswer when sent again: %s",
			answers(first.calls), answers(calls))
		return
	}
	start := time.Now()
	s := &shrinker{best: deepCopy(reflect.ValueOf(&first.value).Elem()), ctx: p.t.ctx, deadline: shrinkDeadline(p.t.ctx)}
	s.fails = func(v reflect.Value) bool {
		c := v.Interface().(C)
		msg, calls := p.run(first.name+", shrinking", c)
		if msg == "" {
			return false
		}
		implied := p.implied
		// Sent again: a program wrong now and then must not steer the search.
		if again, _ := p.run(first.name+", shrinking, sent again", c); again == "" {
			return false
		}
		best = found[C]{name: first.name, value: c, msg: msg, calls: calls, implied: implied}
		p.pend(best)
		return true
	}
	s.run()
	if s.kept > 0 {
		best.name = first.name + ", shrunk" // no longer the case the name describes
	}
	best.note = shrinkNote(s, time.Since(start))
}

// shrinkNote says how a case was shrunk and whether the search was cut
// short.
func shrinkNote(s *shrinker, took time.Duration) string {
	note := fmt.Sprintf("shrunk in %d steps, %d smaller cases sent", s.kept, s.tried)
	if s.kept == 0 {
		note = fmt.Sprintf("not shrunk: none of the %d smaller cases sent fails", s.tried)
	}
	if s.cut {
		note += fmt.Sprintf("; shrinking was cut short by its time bound after %s, the case may shrink further", took.Round(time.Millisecond))
	}
	return note
}

func (p *property[C]) message(f found[C]) string {
	s := fmt.Sprintf("property %q falsified by %s:\n%s\ncase: %s", p.name, f.name, f.msg, describe(f.value, p.t.Unit()))
	if f.note != "" {
		s += "\n(" + f.note + ")"
	}
	return s
}

// pend keeps f as the verdict should the check end before settle does.
func (p *property[C]) pend(f found[C]) {
	raw, _ := jsonenc.CompactAny(f.value)
	p.t.pend(p.message(f), &Replay{Case: f.name, From: p.from, Value: raw, Calls: f.calls})
}

// fail records the failure and its replay.
func (p *property[C]) fail(f found[C]) {
	raw, err := jsonenc.CompactAny(f.value)
	if err != nil {
		raw = nil
	}
	p.t.failCase(p.message(f), f.name, p.from, raw, f.calls, f.implied)
}

// unitStringer is a case that describes itself in the unit the
// implementation counts in: its documents' lengths and its offsets as the
// program received them, with bytes where they differ (adapters.Span).
// Its String is the same in bytes.
type unitStringer interface {
	StringIn(u unit.Unit) string
}

// describe prints a case as its StringIn or String method does, or as
// JSON.
func describe(v any, u unit.Unit) string {
	if s, ok := v.(unitStringer); ok {
		return s.StringIn(u)
	}
	if s, ok := v.(fmt.Stringer); ok {
		return s.String()
	}
	return jsonenc.Message(v)
}

// answers summarises the answers of a case's calls for a flaky verdict.
func answers(calls []Call) string {
	if len(calls) == 0 {
		return "(no call recorded)"
	}
	c := calls[len(calls)-1]
	if c.Error != "" {
		return c.Op + " error: " + c.Error
	}
	return c.Op + " " + clipJSON(c.Answer, 600)
}
