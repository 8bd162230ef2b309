package suite

import (
	"fmt"
	"strings"
)

// Level says how binding a requirement is, and so whether its failure
// gates a run. Levels are ordered Must < Should < Robust < Reference: a
// run at a level checks every requirement at or below it.
type Level int

const (
	// Must is normative: a standard's text requires it (its Quote says
	// where), and a conforming implementation may not break it.
	Must Level = iota
	// Should is recommended by the text (its Quote says where); a failure
	// is reported but does not gate by default.
	Should
	// Robust is ctxconform's own rule, not a standard's: refusing malformed
	// requests, determinism the text does not state. Run by default,
	// reported apart, gating only with --fail-on robust or stricter, and
	// never counted towards conformance to a standard.
	Robust
	// Reference is the reference implementation's own choice where a standard
	// is silent or ambiguous. It is checked only in strict mode.
	Reference
)

// Levels lists every level in order, from the most binding.
func Levels() []Level { return []Level{Must, Should, Robust, Reference} }

func (l Level) String() string {
	switch l {
	case Must:
		return "MUST"
	case Should:
		return "SHOULD"
	case Robust:
		return "ROBUST"
	case Reference:
		return "REFERENCE"
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// Label is the level as written on the command line (--level, --fail-on)
// and in every message that names a run's level or suggests a flag: must,
// should, robust or strict (a run at Reference checks everything, the
// reference's own choices too).
func (l Level) Label() string {
	switch l {
	case Must:
		return "must"
	case Should:
		return "should"
	case Robust:
		return "robust"
	}
	return "strict"
}

// Normative reports whether the level is a standard's own (MUST or
// SHOULD): only those quote the standard's text and count towards
// conformance to it.
func (l Level) Normative() bool { return l == Must || l == Should }

// ParseLevel reads a level as Label writes it (must, should, robust or
// strict), or as String does (MUST, SHOULD, ROBUST or REFERENCE, the
// reports' spelling).
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels() {
		if s == l.Label() || s == l.String() {
			return l, nil
		}
	}
	ls := Labels()
	want := strings.Join(ls[:len(ls)-1], ", ") + " or " + ls[len(ls)-1]
	if s == "reference" {
		return 0, fmt.Errorf("unknown level %q: the level that runs the REFERENCE requirements is strict (want %s)", s, want)
	}
	return 0, fmt.Errorf("unknown level %q (want %s)", s, want)
}

// Labels lists every level's Label in order: must, should, robust, strict.
func Labels() []string {
	var out []string
	for _, l := range Levels() {
		out = append(out, l.Label())
	}
	return out
}

// MarshalText writes the level as MUST, SHOULD, ROBUST or REFERENCE.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level written by MarshalText or ParseLevel.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}
