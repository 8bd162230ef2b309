package selfcheck_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
)

// runesReference is the reference's radial and elastic operations counted
// in runes: offsets, radius, budget and costs. Windows and hydration run
// the reference on documents with every character replaced by one byte of
// the same class (letter or digit 'a', white space ' ', anything else '.';
// ASCII kept), so each byte is a rune, then take the window texts from the
// real bodies; ingest and census are the reference's with offsets counted
// in runes. A conforming implementation in another unit than the reference.
type runesReference struct{ *reference.Adapter }

func (r runesReference) Info() adapters.Info {
	i := r.Adapter.Info()
	i.Name, i.Unit = "runes-reference", unit.Runes
	return i
}

// oneBytePerRune returns docs with each character one byte of its class,
// and for each document where each rune starts in the real body (and its
// length at the end).
func oneBytePerRune(docs []inflate.Document) ([]inflate.Document, map[string][]int, error) {
	out := make([]inflate.Document, len(docs))
	starts := map[string][]int{}
	for i, d := range docs {
		if !utf8.ValidString(d.Body) {
			return nil, nil, fmt.Errorf("compound %q: body is not UTF-8", d.ID)
		}
		b := make([]byte, 0, len(d.Body))
		var s []int
		for off, c := range d.Body {
			s = append(s, off)
			switch {
			case c < utf8.RuneSelf:
				b = append(b, byte(c))
			case unicode.IsLetter(c) || unicode.IsDigit(c):
				b = append(b, 'a')
			case unicode.IsSpace(c):
				b = append(b, ' ')
			default:
				b = append(b, '.')
			}
		}
		starts[d.ID] = append(s, len(d.Body))
		d.Body = string(b)
		out[i] = d
	}
	return out, starts, nil
}

// realTexts puts the real bodies' text into windows cut in runes.
func realTexts(ws []radial.Window, docs []inflate.Document, starts map[string][]int) {
	body := map[string]string{}
	for _, d := range docs {
		body[d.ID] = d.Body
	}
	for i, w := range ws {
		s := starts[w.CompoundID]
		ws[i].Text = body[w.CompoundID][s[w.Start]:s[w.End]]
	}
}

// inRunes turns the byte offsets of atoms into rune offsets.
func inRunes(atoms []radial.Atom, docs []inflate.Document) {
	body := map[string]string{}
	for _, d := range docs {
		body[d.ID] = d.Body
	}
	for i, a := range atoms {
		atoms[i].Offset = utf8.RuneCountInString(body[a.CompoundID][:a.Offset])
	}
}

func (r runesReference) RadialWindows(_ context.Context, req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	docs, starts, err := oneBytePerRune(req.Documents)
	if err != nil {
		return adapters.RadialWindowsAnswer{}, err
	}
	ws, err := radial.Windows(docs, req.Atoms, req.Radius)
	if err != nil {
		return adapters.RadialWindowsAnswer{}, err
	}
	realTexts(ws, req.Documents, starts)
	return adapters.RadialWindowsAnswer{Windows: ws}, nil
}

func (r runesReference) RadialIngest(ctx context.Context, req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	ans, err := r.Adapter.RadialIngest(ctx, req)
	if err == nil {
		inRunes(ans.Atoms, req.Documents)
	}
	return ans, err
}

func (r runesReference) Census(ctx context.Context, req adapters.CensusRequest) ([]radial.Atom, error) {
	atoms, err := r.Adapter.Census(ctx, req)
	if err == nil {
		inRunes(atoms, req.Documents)
	}
	return atoms, err
}

func (r runesReference) Hydrate(_ context.Context, req adapters.HydrateRequest) (elastic.Result, error) {
	docs, starts, err := oneBytePerRune(req.Documents)
	if err != nil {
		return elastic.Result{}, err
	}
	res, err := elastic.Hydrate(docs, req.Atoms, req.Budget)
	if err != nil {
		return elastic.Result{}, err
	}
	realTexts(res.Windows, req.Documents, starts)
	return res, nil
}

// TestRunesReference: the checks that hold an implementation counting
// another unit than bytes to what the reference's bytes allow (a bytes-only
// example left out, a comparison with the reference on ASCII documents
// only, ELA-23 skipped) do not fail the reference counted in runes, and an
// example whose offsets the harness converts (RAD-26) passes it.
func TestRunesReference(t *testing.T) {
	reqs := ctxconform.Requirements()
	for _, c := range []struct {
		id   string
		std  adapters.Standard
		want suite.Outcome
	}{
		{"RAD-10", adapters.Radial, suite.Passed}, {"RAD-26", adapters.Radial, suite.Passed},
		{"ELA-04", adapters.Elastic, suite.Passed}, {"ELA-23", adapters.Elastic, suite.Skipped},
	} {
		t.Run(c.id, func(t *testing.T) {
			t.Parallel()
			opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 100, Standards: []adapters.Standard{c.std},
				Match: regexp.MustCompile(`^` + c.id + ` `)}
			rep := suite.Run(context.Background(), runesReference{reference.New()}, reqs, opts)
			if len(rep.Results) != 1 {
				t.Fatalf("%d results, want 1: %s", len(rep.Results), rep.Summary())
			}
			if r := rep.Results[0]; r.Outcome != c.want {
				t.Errorf("%s on the reference in runes: %s, want %s: %s", c.id, r.Outcome, c.want, r.Message)
			}
		})
	}
}
