package broken

import (
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// rendered is the reference's answer with a rendering made by render from
// its windows and their documents' lengths.
func rendered(name string, render func(ws []inflate.Window, lens map[string]int) string) adapters.Adapter {
	return &inflater{reference.New(), name, func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err != nil {
			return res, err
		}
		lens := map[string]int{}
		for _, d := range req.Documents {
			lens[d.ID] = len(d.Body)
		}
		res.Rendered = render(res.Windows, lens)
		return res, nil
	}}
}

// RendersOverBudget hands the model every window as "[compound]" + "..." +
// text + "...", separated by blank lines, and counts none of that against
// the budget: windows that fill the budget overrun it once rendered.
func RendersOverBudget() adapters.Adapter {
	return rendered("renders-over-budget", func(ws []inflate.Window, lens map[string]int) string {
		parts := make([]string, len(ws))
		for i, w := range ws {
			parts[i] = "[" + w.CompoundID + "]\n" + w.Render(lens[w.CompoundID])
		}
		return strings.Join(parts, "\n\n")
	})
}

// RendersBestOnly hands the model only the first window's text, while the
// answer reports them all.
func RendersBestOnly() adapters.Adapter {
	return rendered("renders-best-only", func(ws []inflate.Window, _ map[string]int) string {
		if len(ws) < 2 {
			return ""
		}
		return ws[0].Text
	})
}
