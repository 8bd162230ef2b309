package suite

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
)

// A Requirement is one statement a conforming implementation must (or
// should) satisfy, and the one check that decides it.
type Requirement struct {
	ID       string            // stable identifier, e.g. "INF-03"
	Standard adapters.Standard // which standard's operations the check calls
	Section  string            // where it comes from, e.g. "std085 §2.1.3"
	Level    Level             // Must, Should, Robust or Reference
	Title    string            // the requirement in one sentence
	Kind     Kind              // example-based spec or generated property
	Check    func(t *T)        // decides the requirement; the only code that does
	// Quote is the sentence(s) of the standard the requirement enforces,
	// verbatim (fragments joined by QuoteSep); every MUST and SHOULD has
	// one. It heads the message of a FAIL. See WithQuotes.
	Quote string
	// Repeats is the ID of the requirement whose check this one's is (the
	// same judgement of the same answers, repeated for a standard run
	// alone): a failure of this one follows from that one's when both
	// fail in the same run (see Report.Settle). Set with Repeating.
	Repeats string
	// Timed says that the verdict depends on time measured: a run on
	// several instances (RunPool) checks it alone, with no other
	// requirement running.
	Timed bool
}

// Alone marks r Timed: its verdict depends on time measured, so a run on
// several instances checks it with no other requirement running.
func Alone(r Requirement) Requirement {
	r.Timed = true
	return r
}

// Kind says how a requirement is checked.
type Kind string

const (
	Spec     Kind = "spec"     // fixed examples (package specs)
	Property Kind = "property" // generated inputs (package properties)
)

// Of returns the constructor of requirements of kind k for standard std:
// the catalogues of packages specs and properties build every requirement
// with it, so a requirement's fields are set in one place.
func (k Kind) Of(std adapters.Standard) func(id, section string, level Level, title string, check func(*T)) Requirement {
	return func(id, section string, level Level, title string, check func(*T)) Requirement {
		return Requirement{ID: id, Standard: std, Section: section, Level: level, Title: title, Kind: k, Check: check}
	}
}

var idPattern = regexp.MustCompile(`^[A-Z]{2,4}-[0-9]{2,3}$`)

// Validate checks a catalogue: IDs well formed and unique, every field set.
// The catalogue is code, so an error here is a bug in ctxconform itself.
func Validate(reqs []Requirement) error {
	seen := map[string]bool{}
	for _, r := range reqs {
		switch {
		case !idPattern.MatchString(r.ID):
			return fmt.Errorf("requirement %q: ID must look like ABC-01", r.ID)
		case seen[r.ID]:
			return fmt.Errorf("requirement %s: duplicate ID", r.ID)
		case r.Standard == "" || r.Section == "" || r.Title == "":
			return fmt.Errorf("requirement %s: standard, section and title are required", r.ID)
		case r.Check == nil:
			return fmt.Errorf("requirement %s: no check", r.ID)
		case r.Kind != Spec && r.Kind != Property:
			return fmt.Errorf("requirement %s: kind %q is neither spec nor property", r.ID, r.Kind)
		}
		seen[r.ID] = true
	}
	return nil
}

// Sorted returns the requirements ordered by standard (in adapters.Standards
// order) and then by ID.
func Sorted(reqs []Requirement) []Requirement {
	order := catalogueOrder()
	out := append([]Requirement(nil), reqs...)
	slices.SortStableFunc(out, func(a, b Requirement) int { return order(a.Standard, a.ID, b.Standard, b.ID) })
	return out
}

// SortResults puts results in the catalogue order of Sorted.
func SortResults(rs []Result) {
	order := catalogueOrder()
	slices.SortStableFunc(rs, func(a, b Result) int { return order(a.Standard, a.ID, b.Standard, b.ID) })
}

// catalogueOrder compares two entries by standard (in adapters.Standards
// order) and then by ID.
func catalogueOrder() func(sa adapters.Standard, ida string, sb adapters.Standard, idb string) int {
	rank := map[adapters.Standard]int{}
	for i, s := range adapters.Standards() {
		rank[s] = i
	}
	return func(sa adapters.Standard, ida string, sb adapters.Standard, idb string) int {
		if c := cmp.Compare(rank[sa], rank[sb]); c != 0 {
			return c
		}
		return strings.Compare(ida, idb)
	}
}
