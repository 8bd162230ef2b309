package invariant

import (
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// RenderedHolds: a rendered answer (the text handed to the model, markers
// and separators included) holds every window's text, in the order of the
// answer, without overlap. An empty rendering means the implementation did
// not render, and imposes nothing.
func RenderedHolds(rendered string, texts []string, u unit.Unit) error {
	if rendered == "" {
		return nil
	}
	pos := 0
	for i, t := range texts {
		j := strings.Index(rendered[pos:], t)
		if j < 0 {
			where := "anywhere"
			if strings.Contains(rendered, t) {
				where = "after window " + fmt.Sprint(i-1) + "'s text (it comes earlier)"
			}
			return fmt.Errorf("the rendered text (%d %s) does not hold window %d's text %q %s; rendered from %s on: %q",
				u.Len(rendered), u, i, clip.Text(t, 60), where, adapters.At(u, rendered, pos), clip.Text(rendered[pos:], 120))
		}
		pos += j + len(t)
	}
	return nil
}

// RenderedFits: a rendered answer, counted in the implementation's unit,
// fits the budget (nil: no budget, nothing to check).
func RenderedFits(rendered string, budget *int, u unit.Unit, windowsLen int) error {
	if rendered == "" || budget == nil {
		return nil
	}
	if n := u.Len(rendered); n > *budget {
		return fmt.Errorf("the rendered text is %d %s, over the budget of %d (the windows' own text is %d, so markers and separators add %d): starts %q",
			n, u, *budget, windowsLen, n-windowsLen, clip.Text(rendered, 80))
	}
	return nil
}
