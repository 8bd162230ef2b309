package suite

import "github.com/ctxconform/ctxconform/internal/jsonenc"

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
// to a local minimum (see shrink); remembered reports
// whether one failed (the verdict is then settled). A case that does not
// decode as this property's case (the catalogue changed since) is passed
// over with a log line.
func (p *property[C]) remembered() bool {
	cases := p.t.opts.Remembered[p.t.id]
	if len(cases) == 0 {
		return false
	}
	p.from = FromRemembered
	for _, rc := range cases {
		var c C
		if err := jsonenc.UnmarshalAnyStrict(rc.Value, &c); err != nil { // NaN and infinities as a replay holds them
			p.t.Logf("remembered case %s is not a case of property %q (passed over): %v", rc.Name, p.name, err)
			continue
		}
		name := "remembered case " + rc.Name
		if msg, calls := p.run(name, c); msg != "" {
			p.settle(found[C]{name: name, value: c, msg: msg, calls: calls, implied: p.implied})
			return true
		}
	}
	return false
}
