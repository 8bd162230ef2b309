package adapters

import (
	"errors"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Info is what an implementation says about itself.
type Info struct {
	Name      string     `json:"name"`
	Version   string     `json:"version"`
	Language  string     `json:"language,omitempty"`
	Unit      unit.Unit  `json:"unit"`      // what its offsets and lengths count
	Standards []Standard `json:"standards"` // what it implements
	// Config is what it declares of the texts' defaults and open readings
	// (config.go); nil: every default, and only what every reading agrees on.
	Config Config `json:"config,omitempty"`
}

// Shown is the description as the harness keeps it where it came from a
// program or a file (the process protocol's handshake, a report read
// back): its name, version and language as clip.Line makes them, one line
// safe to print on a terminal, at most clip.MaxIdentity bytes each, so every
// output shows them alike.
func (i Info) Shown() Info {
	i.Name = clip.Line(i.Name, clip.MaxIdentity)
	i.Version = clip.Line(i.Version, clip.MaxIdentity)
	i.Language = clip.Line(i.Language, clip.MaxIdentity)
	i.Config = i.Config.shown()
	return i
}

// Implements reports whether the implementation declares s.
func (i Info) Implements(s Standard) bool {
	for _, x := range i.Standards {
		if x == s {
			return true
		}
	}
	return false
}

// Differs names the first field in which i differs from before, with both
// values (`version "1.3", not "1.2"`), or is "" when they describe the
// same implementation: a restarted implementation, or another instance of
// it, must describe itself as the first did.
func (i Info) Differs(before Info) string {
	field := func(name, now, was string) string {
		return fmt.Sprintf("%s %q, not %q", name, now, was)
	}
	switch {
	case i.Name != before.Name:
		return field("name", i.Name, before.Name)
	case i.Version != before.Version:
		return field("version", i.Version, before.Version)
	case i.Language != before.Language:
		return field("language", i.Language, before.Language)
	case i.Unit != before.Unit:
		return field("unit", string(i.Unit), string(before.Unit))
	case !slices.Equal(i.Standards, before.Standards):
		return fmt.Sprintf("standards %s, not %s", jsonenc.Message(i.Standards), jsonenc.Message(before.Standards))
	case i.Config.Shown() != before.Config.Shown():
		return field("config", i.Config.Shown(), before.Config.Shown())
	}
	return ""
}

// Validate checks that the description is usable: a name, a known unit and
// known standards, and a configuration of declarable items within their
// ranges.
func (i Info) Validate() error {
	if i.Name == "" {
		return errors.New("adapter has no name")
	}
	if _, err := unit.Parse(string(i.Unit)); err != nil {
		return fmt.Errorf("adapter %s: %w", i.Name, err)
	}
	for _, s := range i.Standards {
		if _, err := ParseStandard(string(s)); err != nil {
			return fmt.Errorf("adapter %s: %w", i.Name, err)
		}
	}
	if err := i.Config.Validate(); err != nil {
		return fmt.Errorf("adapter %s: %w", i.Name, err)
	}
	return nil
}

// Adapter is an implementation under test. Besides Info and Close it
// implements the operation interface of every standard it declares
// (Inflater, and so on); Operations says which interface that is.
type Adapter interface {
	Info() Info
	Close() error
}

// ErrFault marks an error that is the implementation's fault rather than a
// wrong answer: it crashed, hung, printed something that is not a valid
// message, or answered out of range. The suite reports such requirements as
// errored instead of failed.
var ErrFault = errors.New("implementation fault")

// Fault wraps err as an implementation fault.
func Fault(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFault, fmt.Sprintf(format, args...))
}

// ErrTimeout marks a fault that is the implementation's silence past the
// request timeout: it was killed. A benchmark at a scale the
// implementation cannot finish in time is skipped with that reason rather
// than failed.
var ErrTimeout = errors.New("no answer within the request timeout")

// ErrInexpressible marks a request an adapter's transport cannot carry (JSON
// cannot hold invalid UTF-8 or NaN): the request was not sent, so the
// implementation neither accepted nor refused it. Checks that send such
// input on purpose skip it for that adapter.
var ErrInexpressible = errors.New("not expressible in the protocol's JSON")

// ErrNotImplemented is returned by an operation the implementation does not
// provide.
var ErrNotImplemented = errors.New("not implemented")

// Supports checks that a declares s and provides its operation interface.
func Supports(a Adapter, s Standard) error {
	if !a.Info().Implements(s) {
		return fmt.Errorf("%s: %w", s, ErrNotImplemented)
	}
	if ok := operation(a, s); !ok {
		return Fault("%s declares %s but does not provide its operations", a.Info().Name, s)
	}
	return nil
}
