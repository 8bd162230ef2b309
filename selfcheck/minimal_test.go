package selfcheck_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// checkMinimal checks that every property case rep reports as failed is
// 1-minimal (issue 21): each value one step smaller — any one item of a
// list (hit, document, atom, tool, node) removed, a text one character
// shorter or empty, a number at 0 or one step nearer it, a flag cleared —
// passes when replayed against a (or is no valid case, and is skipped).
// The neighbours are built from the case's JSON, independently of the
// shrinker that produced it.
func checkMinimal(t *testing.T, a adapters.Adapter, reqs []suite.Requirement, rep suite.Report) {
	t.Helper()
	byID := map[string]suite.Requirement{}
	for _, r := range reqs {
		byID[r.ID] = r
	}
	for _, res := range rep.Results {
		if res.Outcome != suite.Failed || res.Replay == nil || len(res.Replay.Value) == 0 || res.Kind != suite.Property {
			continue
		}
		if !strings.Contains(res.Message, "falsified by") || strings.Contains(res.Message, "flaky") {
			continue // a share over all cases (ASM-06), or a case that fails now and then
		}
		if strings.Contains(res.Message, "cut short") {
			t.Errorf("%s: shrinking was cut short:\n%s", res.ID, res.Message)
			continue
		}
		ns := neighbours(res.Replay.Value)
		t.Logf("%s: the reported case and its %d one-step-smaller neighbours", res.ID, len(ns))
		for _, n := range ns {
			rp := *res.Replay
			rp.Value = n.value
			if suite.CheckReplay(byID[res.ID], rp) != nil {
				continue // no valid case (a hit outside its document, an empty ID): replay refuses it unsent
			}
			got := suite.RunOne(context.Background(), a, byID[res.ID], suite.Options{Level: suite.Reference, Seed: rep.Seed, Replay: &rp})
			if got.Outcome == suite.Failed || got.Outcome == suite.Errored {
				t.Errorf("%s: the reported case is not 1-minimal: with %s it still %s\ncase: %s\n%s",
					res.ID, n.change, got.Outcome, clipped(res.Replay.Value), clipped(json.RawMessage(got.Message)))
			}
		}
	}
}

// A neighbour is a case one step smaller than another, and the step.
type neighbour struct {
	change string
	value  json.RawMessage
}

// neighbours lists every case one step smaller than raw (see checkMinimal).
func neighbours(raw json.RawMessage) []neighbour {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var root any
	if err := d.Decode(&root); err != nil {
		return nil
	}
	var out []neighbour
	// visit calls f on each item of v, with set replacing it within root.
	var visit func(v any, where string, set func(any))
	add := func(change string, set func(any), old, x any) {
		set(x)
		b, err := json.Marshal(root)
		set(old)
		if err == nil {
			out = append(out, neighbour{change, b})
		}
	}
	visit = func(v any, where string, set func(any)) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				visit(e, where+"."+k, func(y any) { x[k] = y })
			}
		case []any:
			for i := range x {
				smaller := append(append([]any{}, x[:i]...), x[i+1:]...)
				add(fmt.Sprintf("%s[%d] removed", where, i), set, x, smaller)
			}
			for i, e := range x {
				visit(e, fmt.Sprintf("%s[%d]", where, i), func(y any) { x[i] = y })
			}
		case string:
			if x != "" {
				add(where+" emptied", set, x, "")
				_, w := utf8.DecodeLastRuneInString(x)
				if len(x)-w > 0 {
					add(where+" one character shorter", set, x, x[:len(x)-w])
				}
			}
		case bool:
			if x {
				add(where+" false", set, x, false)
			}
		case json.Number:
			f, err := x.Float64()
			if err != nil || f == 0 {
				return
			}
			add(where+" 0", set, x, json.Number("0"))
			if i, err := x.Int64(); err == nil && i != 1 && i != -1 {
				step := i - 1
				if i < 0 {
					step = i + 1
				}
				add(fmt.Sprintf("%s %d", where, step), set, x, json.Number(fmt.Sprint(step)))
			} else if err != nil && math.Trunc(f) != f && math.Trunc(f) != 0 {
				add(fmt.Sprintf("%s %g", where, math.Trunc(f)), set, x, math.Trunc(f))
			}
		}
	}
	visit(root, "case", func(y any) { root = y })
	return out
}

// clipped is s cut to 400 bytes, for a message.
func clipped(s json.RawMessage) string {
	if len(s) > 400 {
		return string(s[:400]) + "…"
	}
	return string(s)
}
