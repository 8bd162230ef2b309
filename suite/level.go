package suite

import "fmt"

// Level says how binding a requirement is.
type Level int

const (
	// Must is normative: a conforming implementation may not break it.
	Must Level = iota
	// Should is recommended; a failure is reported but does not gate by default.
	Should
	// Reference is the reference implementation's own choice where a standard
	// is silent or ambiguous. It is checked only in strict mode.
	Reference
)

func (l Level) String() string {
	switch l {
	case Must:
		return "MUST"
	case Should:
		return "SHOULD"
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
	}
	return "reference"
}

// ParseLevel reads a level as written on the command line: must, should, or
// strict (an alias of reference: run everything).
func ParseLevel(s string) (Level, error) {
	switch s {
	case "must", "MUST":
		return Must, nil
	case "should", "SHOULD":
		return Should, nil
	case "strict", "reference", "REFERENCE":
		return Reference, nil
	}
	return 0, fmt.Errorf("unknown level %q (want must, should or strict)", s)
}

// MarshalText writes the level as MUST, SHOULD or REFERENCE.
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
