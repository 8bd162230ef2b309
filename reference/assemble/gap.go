package assemble

import (
	"fmt"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// FillGap is §3's byte-coordinate inflation, the protocol's fillByteGaps: the
// bytes of body from the first start to the last end of a and b, so A, the
// gap between them (exactly as the body has it) and B. The order of a and b
// does not matter; overlapping ranges give their union. It applies no gap
// limit: deciding whether to fill is the strategies' job.
func FillGap(body string, a, b Molecule) (string, error) {
	if !utf8.ValidString(body) {
		return "", fmt.Errorf("assemble fill gap: body is not valid UTF-8 (first bad byte at %d)", unit.FirstInvalid(body))
	}
	for _, m := range []Molecule{a, b} {
		if err := checkMolecule(m); err != nil {
			return "", err
		}
		if err := checkRange(m, body); err != nil {
			return "", err
		}
	}
	if a.Source != b.Source {
		return "", fmt.Errorf("assemble fill gap: molecule %q is in source %q, molecule %q in %q", a.ID, a.Source, b.ID, b.Source)
	}
	return body[min(a.Start, b.Start):max(a.End, b.End)], nil
}
