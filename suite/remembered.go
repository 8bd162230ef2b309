package suite

import (
	"bytes"
	"encoding/json"
	"math/rand"

	"github.com/leanovate/gopter"
)

// Where a property's case came from (Replay.From): the failure memory
// keeps generated and remembered cases that failed; edge cases run every
// time anyway, and a replayed case is the user's.
const (
	FromRemembered = "remembered"
	FromEdge       = "edge"
	FromGenerated  = "generated"
	FromReplayed   = "replayed"
)

// remembered checks the property's cases from the failure memory
// (Options.Remembered), before its edge and generated cases, so that a
// fault found once, on any seed, is checked on every run after. A
// remembered case that fails is confirmed and shrunk as a generated one,
// with the shrinker of the property's generator; remembered reports
// whether one failed (the verdict is then settled). A case that does not
// decode as this property's case (the catalogue changed since) is passed
// over with a log line.
func (p *property[C]) remembered(g gopter.Gen) bool {
	cases := p.t.opts.Remembered[p.t.id]
	if len(cases) == 0 {
		return false
	}
	p.from = FromRemembered
	for _, rc := range cases {
		var c C
		dec := json.NewDecoder(bytes.NewReader(rc.Value))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			p.t.Logf("remembered case %s is not a case of property %q (passed over): %v", rc.Name, p.name, err)
			continue
		}
		name := "remembered case " + rc.Name
		if msg, calls := p.run(name, c); msg != "" {
			p.settle(found[C]{name: name, value: c, msg: msg, calls: calls}, shrinkerOf(g))
			return true
		}
	}
	return false
}

// shrinkerOf is the shrinker of g's values. gopter hands a shrinker out
// with each generated value, but those of this catalogue's generators
// (gen.Struct, gen.SliceOf, ranges) work on any value of the type, so the
// one of a value drawn from a fixed seed shrinks a remembered case too.
func shrinkerOf(g gopter.Gen) gopter.Shrinker {
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(DefaultSeed))
	r := g(params)
	if r == nil || r.Shrinker == nil {
		return nil
	}
	return safeShrinker(r.Shrinker)
}

// safeShrinker is s, ending the shrinking instead of the check should s
// not take a value it did not generate.
func safeShrinker(s gopter.Shrinker) gopter.Shrinker {
	return func(v any) (shrinks gopter.Shrink) {
		defer func() {
			if recover() != nil {
				shrinks = gopter.NoShrink
			}
		}()
		next := s(v)
		return func() (out any, ok bool) {
			defer func() {
				if recover() != nil {
					out, ok = nil, false
				}
			}()
			return next()
		}
	}
}
