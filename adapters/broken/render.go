package broken

import (
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// rendered is the reference's answer with a rendering made by render from
// its windows and their documents' lengths.
func rendered(name string, render func(ws []inflate.Window, lens map[string]int) string) adapters.Adapter {
	return &inflater{named(name), func(req inflate.Request) (inflate.Result, error) {
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

// firstOnly renders only the first of texts when there are several.
func firstOnly(texts []string) string {
	if len(texts) < 2 {
		return ""
	}
	return texts[0]
}

// AssembleRendersFirstOnly hands the model only the first window's text.
func AssembleRendersFirstOnly() adapters.Adapter {
	return &assembler{named("assemble-renders-first-only"), func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
		res, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
		texts := make([]string, len(res))
		for i, r := range res {
			texts[i] = r.Window
		}
		return adapters.AssembleAnswer{Results: res, Rendered: firstOnly(texts)}, err
	}}
}

// AssembleRendersOverBudget hands the model each window between "..."
// markers under a "[source]" title, counting none of it against max_chars.
func AssembleRendersOverBudget() adapters.Adapter {
	return &assembler{named("assemble-renders-over-budget"), func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
		res, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
		parts := make([]string, len(res))
		for i, r := range res {
			parts[i] = "[" + r.Source + "]\n..." + r.Window + "..."
		}
		return adapters.AssembleAnswer{Results: res, Rendered: strings.Join(parts, "\n\n")}, err
	}}
}

// RadialRendersFirstOnly hands the model only the first window's text.
func RadialRendersFirstOnly() adapters.Adapter {
	return &radialInflater{mutant: named("radial-renders-first-only"), windows: func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
		ws, err := radial.Windows(req.Documents, req.Atoms, req.Radius)
		texts := make([]string, len(ws))
		for i, w := range ws {
			texts[i] = w.Text
		}
		return adapters.RadialWindowsAnswer{Windows: ws, Rendered: firstOnly(texts)}, err
	}}
}

// ElasticRendersFirstOnly hands the model only the first window's text.
func ElasticRendersFirstOnly() adapters.Adapter {
	return &hydrator{mutant: named("elastic-renders-first-only"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			texts := make([]string, len(res.Windows))
			for i, w := range res.Windows {
				texts[i] = w.Text
			}
			res.Rendered = firstOnly(texts)
			return res, err
		}}
}
