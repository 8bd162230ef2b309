package adapters

import "github.com/ctxconform/ctxconform/reference/unit"

// InBytes presents a as an implementation that counts in bytes of UTF-8:
// offsets in requests are converted to a's unit before the call, and offsets
// in its answers are converted back. Budgets and lengths are passed through
// unchanged, because they are a's to count: checks measure them with
// a.Info().Unit. An answer whose offsets cannot be converted (beyond the end
// of the document, or inside a character) is a fault.
func InBytes(a Adapter) Adapter {
	if a.Info().Unit == unit.Bytes || a.Info().Unit == "" {
		return a
	}
	return &converted{a}
}

type converted struct{ a Adapter }

func (c *converted) Info() Info      { return c.a.Info() }
func (c *converted) Close() error    { return c.a.Close() }
func (c *converted) Unwrap() Adapter { return c.a }

// toUnit converts a byte offset to u. Offsets outside the body (which bad
// input cases send on purpose) keep their distance from the nearest end, so
// an out-of-range request stays out of range in every unit.
func toUnit(u unit.Unit, body string, off int) (int, error) {
	switch {
	case off < 0:
		return off, nil
	case off > len(body):
		return u.Len(body) + off - len(body), nil
	}
	return u.FromBytes(body, off)
}
