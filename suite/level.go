package suite

import "fmt"

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

// Label is the level as used in Ginkgo labels and on the command line.
func (l Level) Label() string {
	switch l {
	case Must:
		return "must"
	case Should:
		return "should"
	case Robust:
		return "robust"
	}
	return "reference"
}

// Normative reports whether the level is a standard's own (MUST or
// SHOULD): only those quote the standard's text and count towards
// conformance to it.
func (l Level) Normative() bool { return l == Must || l == Should }

// ParseLevel reads a level as written on the command line: must, should,
// robust, or strict (an alias of reference: run everything).
func ParseLevel(s string) (Level, error) {
	switch s {
	case "must", "MUST":
		return Must, nil
	case "should", "SHOULD":
		return Should, nil
	case "robust", "ROBUST":
		return Robust, nil
	case "strict", "reference", "REFERENCE":
		return Reference, nil
	}
	return 0, fmt.Errorf("unknown level %q (want must, should, robust or strict)", s)
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
