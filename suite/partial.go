package suite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
)

// Partial is a standard the implementation declares but implements only in
// part: some of its operations answered not_implemented, and the
// requirements that need them are NotImplemented (Result.Unimplemented).
// Like an undeclared standard, such requirements do not gate.
type Partial struct {
	Standard adapters.Standard
	Missing  []string // the operations answered not_implemented, sorted
	None     bool     // no requirement of the standard got another outcome
}

// String is "elastic: partly implemented (census, hydrate not implemented)",
// or, when it showed nothing else, "elastic: declared but not implemented
// (…)".
func (p Partial) String() string {
	if p.None {
		return fmt.Sprintf("%s: declared but not implemented (%s not implemented)", p.Standard, strings.Join(p.Missing, ", "))
	}
	return fmt.Sprintf("%s: partly implemented (%s not implemented)", p.Standard, strings.Join(p.Missing, ", "))
}

// Partials lists the standards the run found partly implemented, in the
// order of adapters.Standards.
func (r Report) Partials() []Partial {
	missing := map[adapters.Standard][]string{}
	other := map[adapters.Standard]bool{}
	for _, x := range r.Results {
		other[x.Standard] = other[x.Standard] || x.Outcome != NotImplemented
		if x.Outcome == NotImplemented && x.Unimplemented != "" && !slices.Contains(missing[x.Standard], x.Unimplemented) {
			missing[x.Standard] = append(missing[x.Standard], x.Unimplemented)
		}
	}
	var out []Partial
	for _, s := range adapters.Standards() {
		if ops := missing[s]; len(ops) > 0 {
			slices.Sort(ops)
			out = append(out, Partial{Standard: s, Missing: ops, None: !other[s]})
		}
	}
	return out
}
