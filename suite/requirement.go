package suite

import (
	"fmt"
	"regexp"
	"sort"

	"github.com/ctxconform/ctxconform/adapters"
)

// A Requirement is one statement a conforming implementation must (or
// should) satisfy, and the one check that decides it.
type Requirement struct {
	ID       string            // stable identifier, e.g. "INF-03"
	Standard adapters.Standard // which standard's operations the check calls
	Section  string            // where it comes from, e.g. "std085 §2.1.3"
	Level    Level             // Must, Should or Reference
	Title    string            // the requirement in one sentence
	Kind     Kind              // example-based spec or generated property
	Check    func(t *T)        // decides the requirement; the only code that does
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
	rank := map[adapters.Standard]int{}
	for i, s := range adapters.Standards() {
		rank[s] = i
	}
	out := append([]Requirement(nil), reqs...)
	sort.SliceStable(out, func(i, j int) bool {
		if ri, rj := rank[out[i].Standard], rank[out[j].Standard]; ri != rj {
			return ri < rj
		}
		return out[i].ID < out[j].ID
	})
	return out
}
