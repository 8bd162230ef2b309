package suite

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/ctxconform/ctxconform/internal/bounded"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/internal/safefile"
)

// ReplayFormat names the replay files' format.
const ReplayFormat = "ctxconform-replay/1"

// A Replay is what a FAIL or ERROR leaves so that its case can be sent
// again: the requirement, the run's seed, the failing case (for a property,
// its value as JSON, which Options.Replay injects as the only case; a spec
// is deterministic, so running it again suffices), the calls the case made
// (operation, request, answer or error) and what was expected.
type Replay struct {
	Format   string          `json:"format"`
	ID       string          `json:"id"`
	Standard string          `json:"standard"`
	Level    Level           `json:"level"`
	Kind     Kind            `json:"kind"`
	Outcome  Outcome         `json:"outcome"`
	Seed     int64           `json:"seed"`
	Adapter  string          `json:"adapter,omitempty"`
	Unit     string          `json:"unit,omitempty"`
	Case     string          `json:"case,omitempty"`  // the case's name: an edge case, a generated one
	From     string          `json:"from,omitempty"`  // where a property's case came from: edge, generated, remembered or replayed
	Value    json.RawMessage `json:"value,omitempty"` // a property's case, injected by Options.Replay
	Calls    []Call          `json:"calls,omitempty"` // the case's last calls, oldest first
	Expected string          `json:"expected"`        // the verdict's message: what was wrong
}

// A Call is one operation a check sent: the request as the harness built
// it (offsets in bytes of UTF-8) and the answer as judged, or the error.
type Call struct {
	Op      string `json:"op"`
	Request any    `json:"request"`
	Answer  any    `json:"answer,omitempty"`
	Error   string `json:"error,omitempty"`
}

// maxCalls is how many calls a case keeps for its replay.
const maxCalls = 4

// Record keeps a call for the failing case's replay; the call helpers of
// package suite/call record every operation they send.
func (t *T) Record(op string, req, ans any, err error) {
	c := Call{Op: op, Request: req, Answer: ans}
	if err != nil {
		c.Error, c.Answer = err.Error(), nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err == nil {
		if t.answered == nil {
			t.answered = map[string]bool{}
		}
		t.answered[op] = true
	}
	t.calls = append(t.calls, c)
	if len(t.calls) > maxCalls {
		t.calls = append(t.calls[:0], t.calls[len(t.calls)-maxCalls:]...)
	}
}

// ReadReplay reads a replay file written by WriteFile. Its text must be
// UTF-8 as written: a string that is not is refused, naming it, never
// read with U+FFFD in its place.
func ReadReplay(path string) (Replay, error) {
	b, err := bounded.ReadFile(path, "a replay file", bounded.Replay)
	if err != nil {
		return Replay{}, err
	}
	if err := jsonenc.CheckUTF8(b); err != nil { // read as it is, the case's text and offsets would move
		return Replay{}, fmt.Errorf("%s: %w", path, err)
	}
	var r Replay
	if err := jsonenc.UnmarshalAny(b, &r); err != nil {
		return Replay{}, fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case r.Format != ReplayFormat:
		return Replay{}, fmt.Errorf("%s: format %q, want %q", path, r.Format, ReplayFormat)
	case r.Outcome != "" && !slices.Contains(Outcomes(), r.Outcome):
		return Replay{}, fmt.Errorf("%s: outcome %q is not an outcome", path, r.Outcome)
	case r.Kind != "" && r.Kind != Spec && r.Kind != Property:
		return Replay{}, fmt.Errorf("%s: kind %q, want %s or %s", path, r.Kind, Spec, Property)
	}
	return r, nil
}

// WriteFile writes the replay as indented JSON; a NaN or infinite float
// of the case or its calls is written as the string "NaN", "Infinity" or
// "-Infinity" (jsonenc.IndentedAny), which ReadReplay reads back. The
// file is written beside path and renamed to it (internal/safefile): a
// link or FIFO planted at path in a replay directory is refused, never
// written through.
func (r Replay) WriteFile(path string) error {
	b, err := jsonenc.IndentedAny(r)
	if err != nil {
		return fmt.Errorf("replay of %s: %w", r.ID, err)
	}
	return safefile.WriteFile(filepath.Dir(path), filepath.Base(path), b)
}

// replayValue is the case to check instead of the edge and generated ones,
// when the run replays this requirement.
func (t *T) replayValue() json.RawMessage {
	if rp := t.opts.Replay; rp != nil && rp.ID == t.id && len(rp.Value) > 0 {
		return rp.Value
	}
	return nil
}

// beginCase starts a property's case, which came from from (see
// Replay.From): its calls are recorded afresh.
func (t *T) beginCase(name, from string, value any) {
	t.mu.Lock()
	t.calls, t.caseName, t.caseFrom, t.caseValue = nil, name, from, value
	t.caseImplied, t.inCase = nil, true
	t.mu.Unlock()
}

// endCase returns the calls the case made and what its failing answers
// were shown to imply (ImpliedBy).
func (t *T) endCase() ([]Call, map[string]bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.inCase = false
	return t.calls, t.caseImplied
}

// pend keeps a failure already seen while the property confirms and
// shrinks it: if the requirement's deadline ends the check, it is the
// verdict.
func (t *T) pend(msg string, rp *Replay) {
	t.mu.Lock()
	t.pending, t.pendingReplay = msg, rp
	t.mu.Unlock()
}

func (t *T) setShrinking(on bool) {
	t.mu.Lock()
	t.shrinking = on
	t.mu.Unlock()
}

// failCase records a property's failure and the case that replays it.
func (t *T) failCase(msg, name, from string, value json.RawMessage, calls []Call, implied map[string]bool) {
	t.mu.Lock()
	t.pending = ""
	if t.replay == nil {
		t.replay = &Replay{Case: name, From: from, Value: value, Calls: calls}
	}
	t.mu.Unlock()
	t.Errorf("%s", msg)
	t.mu.Lock()
	defer t.mu.Unlock()
	ids := make([]string, 0, len(implied))
	for id := range implied {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids { // the evidence of the case reported, not of the others tried
		t.impliedSinceLocked(len(t.failures)-1, id, implied[id])
	}
}

// replayOf builds the replay of a FAIL or ERROR.
func (t *T) replayOf(res Result) *Replay {
	t.mu.Lock()
	defer t.mu.Unlock()
	rp := Replay{}
	if t.replay == nil && t.pending != "" {
		t.replay = t.pendingReplay
	}
	switch {
	case t.replay != nil:
		rp = *t.replay
	case t.caseValue != nil: // a property's case that was not answered
		rp.Calls, rp.Case, rp.From = t.calls, t.caseName, t.caseFrom
		if raw, err := jsonenc.CompactAny(t.caseValue); err == nil {
			rp.Value = raw
		}
	default:
		rp.Calls = t.calls
		rp.Case = "the requirement's examples"
	}
	rp.Format, rp.ID, rp.Standard, rp.Level, rp.Kind = ReplayFormat, res.ID, string(res.Standard), res.Level, res.Kind
	rp.Outcome, rp.Seed, rp.Adapter, rp.Unit = res.Outcome, t.opts.Seed, t.info.Name, string(t.info.Unit)
	rp.Expected = res.Message
	rp.Calls = boundCalls(rp.Calls, len(rp.Value) > 0)
	return &rp
}

// maxCallBytes bounds the calls a replay keeps (as JSON), so that reports
// stay small whatever the documents' size.
const maxCallBytes = 1 << 20

// boundCalls keeps the newest calls that fit maxCallBytes. When even the
// newest does not fit and the case can be rebuilt from its value, its
// request is left out (the replay regenerates it); a spec's keeps it.
func boundCalls(calls []Call, rebuilt bool) []Call {
	size := func(c Call) int {
		b, err := jsonenc.CompactAny(c)
		if err != nil {
			return 0
		}
		return len(b)
	}
	total, keep := 0, len(calls)
	for keep > 0 {
		n := size(calls[keep-1])
		if total+n > maxCallBytes && keep < len(calls) {
			break
		}
		total += n
		keep--
	}
	out := append([]Call(nil), calls[keep:]...)
	if len(out) == 1 && total > maxCallBytes && rebuilt {
		out[0].Request = "(left out: over 1 MiB; the case's value rebuilds it)"
	}
	return out
}

// clipJSON writes v as JSON, cut to at most n bytes on a character edge.
func clipJSON(v any, n int) string {
	b, err := jsonenc.CompactAny(v)
	if err != nil {
		return jsonenc.Message(v) // says what could not be written
	}
	if len(b) <= n {
		return string(b)
	}
	return fmt.Sprintf("%s (%d bytes)", clip.Text(b, n), len(b))
}
