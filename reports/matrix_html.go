package reports

import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// MatrixPageFormat names the page's layout, for tests and tools that read it.
const MatrixPageFormat = "ctxconform-matrix-html/1"

type pageBadge struct {
	Alt string
	Src template.URL // a data: URL: the page loads nothing
}

type pageRun struct {
	Name, Version, Language, Unit, Level, Seed, Started, Summary, Interrupted string
	Badges                                                                    []pageBadge
	OnlyHere                                                                  int // requirements only this run fails
}

type pageCell struct {
	Run                    int
	Outcome, Class, Text   string
	Missing                bool // the run did not select the requirement
	Message, Known         string
	Notes                  []string
	Duration               string
	Replay, ReplayFile     string // the command, and the file name it expects
	ReplayJSON, ReplayHint string
}

type pageRow struct {
	ID, Title, Section, Level, Standard string
	Outcomes                            string // the outcomes of its cells, space-separated
	Only                                int    // the run that alone fails it, else -1
	Cells                               []pageCell
}

type pageGroup struct {
	Standard, StdTitle, Source, Level string
	Rows                              []pageRow
}

type pageOption struct{ Value, Text string }

type matrixPage struct {
	Title, Generated, Format string
	Runs                     []pageRun
	Groups                   []pageGroup
	Standards, Levels        []pageOption
	Outcomes                 []pageOption
	Total                    int
}

// MatrixHTML writes the runs as one self-contained HTML page (inline CSS
// and script, no request of any kind): the implementations with their
// badges; then the requirements down and the implementations across,
// grouped by standard and level, each cell a verdict that opens its
// message, figures and the command that replays its failing case (the
// replay file can be saved from the page); filters by standard, level and
// outcome, and a "fails only here" view of the requirements exactly one
// implementation fails.
func MatrixHTML(w io.Writer, runs []Run) error {
	if len(runs) == 0 {
		return fmt.Errorf("no runs to show")
	}
	page := matrixPage{Title: "ctxconform conformance matrix", Format: matrixGenerator}
	var latest time.Time
	badges, bases := Badges(runs), fileBases(runs)
	for i, run := range runs {
		pr := pageRun{Name: cmp.Or(run.Label, run.Adapter.Name), Version: run.Adapter.Version, Language: orDash(run.Adapter.Language),
			Unit: string(run.Adapter.Unit) + declaresNote(run.Adapter, ", "), Level: run.Level.Label(), Seed: fmt.Sprint(run.Seed), Summary: run.Summary(), Interrupted: run.Interrupted}
		if !run.Started.IsZero() {
			pr.Started = run.Started.UTC().Format(time.RFC3339)
			if run.Started.After(latest) {
				latest = run.Started
			}
		}
		for j, b := range badges {
			if b.Run == run.Name() {
				svg := b.SVG(fmt.Sprintf("b%d-%d", i, j))
				pr.Badges = append(pr.Badges, pageBadge{Alt: b.Label() + ": " + b.Message(),
					Src: template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg)))})
			}
		}
		page.Runs = append(page.Runs, pr)
	}
	if !latest.IsZero() {
		page.Generated = latest.UTC().Format(time.RFC3339)
	}

	levels := map[suite.Level]bool{}
	outcomes := map[suite.Outcome]bool{}
	groups := map[string]int{}
	rows := align(runs)
	rank := map[adapters.Standard]int{}
	for i, s := range adapters.Standards() {
		rank[s] = i
	}
	// Group by standard and level, the catalogue order kept within a group.
	slices.SortStableFunc(rows, func(a, b alignedRow) int {
		return cmp.Or(cmp.Compare(rank[a.r.Standard], rank[b.r.Standard]), cmp.Compare(a.r.Level, b.r.Level))
	})
	for _, a := range rows {
		row := pageRow{ID: a.r.ID, Title: a.r.Title, Section: a.r.Section, Level: a.r.Level.String(), Standard: string(a.r.Standard), Only: -1}
		levels[a.r.Level] = true
		var seen []string
		failing := []int{}
		for i, r := range a.results {
			c := pageCell{Run: i}
			if r == nil {
				c.Missing, c.Text, c.Class = true, "—", "o-none"
				row.Cells = append(row.Cells, c)
				continue
			}
			outcomes[r.Outcome] = true
			c.Outcome, c.Text, c.Class = string(r.Outcome), outcomeName(r.Outcome), "o-"+safeClass(string(r.Outcome))
			c.Message, c.Notes = r.Message, r.Notes
			counted := runs[i].Counts(*r, r.Level)
			if r.Bad() && !counted {
				// One fault, one failure: shown with what it follows from,
				// without the colour of a failure, and counted as the gate
				// counts it (not at all: no "fails only here").
				c.Text += " (follows " + r.FollowsFrom + ")"
				c.Class = "o-follows"
			}
			if r.Duration > 0 {
				c.Duration = r.Duration.Round(time.Millisecond).String()
			}
			if st, x := runs[i].Check.Status(r.ID); st == "known" || st == "fixed" {
				c.Known = st + ": " + why(x)
				c.Text += " (" + st + ")"
			}
			if r.Replay != nil {
				c.ReplayFile = bases[i] + "-" + r.ID + ".json"
				c.Replay, c.ReplayHint = replayLine(runs[i], c.ReplayFile)
				if b, err := json.MarshalIndent(r.Replay, "", "  "); err == nil {
					c.ReplayJSON = string(b)
				}
			}
			if counted {
				failing = append(failing, i)
			}
			if !slices.Contains(seen, c.Outcome) {
				seen = append(seen, c.Outcome)
			}
			row.Cells = append(row.Cells, c)
		}
		row.Outcomes = strings.Join(seen, "|")
		if len(failing) == 1 && len(runs) > 1 {
			row.Only = failing[0]
			page.Runs[failing[0]].OnlyHere++
		}
		key := string(a.r.Standard) + "\x00" + a.r.Level.String()
		g, ok := groups[key]
		if !ok {
			g = len(page.Groups)
			groups[key] = g
			page.Groups = append(page.Groups, pageGroup{Standard: string(a.r.Standard), StdTitle: a.r.Standard.Title(),
				Source: a.r.Standard.Source(), Level: a.r.Level.String()})
		}
		page.Groups[g].Rows = append(page.Groups[g].Rows, row)
		page.Total++
	}
	for _, s := range adapters.Standards() {
		for _, g := range page.Groups {
			if g.Standard == string(s) {
				page.Standards = append(page.Standards, pageOption{string(s), s.Title() + " (" + string(s) + ")"})
				break
			}
		}
	}
	var ls []suite.Level
	for l := range levels {
		ls = append(ls, l)
	}
	slices.Sort(ls)
	for _, l := range ls {
		page.Levels = append(page.Levels, pageOption{l.String(), l.String()})
	}
	// Every outcome the suite knows, then any other the reports hold.
	all := suite.Outcomes()
	for o := range outcomes {
		if !slices.Contains(all, o) {
			all = append(all, o)
		}
	}
	slices.SortStableFunc(all[len(suite.Outcomes()):], func(a, b suite.Outcome) int { return strings.Compare(string(a), string(b)) })
	for _, o := range all {
		page.Outcomes = append(page.Outcomes, pageOption{string(o), outcomeName(o)})
	}
	return matrixTemplate.Execute(w, page)
}

// replayLine is the command that sends a replay file saved as file to the
// run's implementation again, and a hint when the report does not say how
// to reach that implementation (a report written before run recorded it).
func replayLine(run Run, file string) (string, string) {
	args := []string{"conformance", "replay", shellWord(file)}
	for _, a := range run.ReplayArgs {
		args = append(args, shellWord(a))
	}
	hint := ""
	if len(run.ReplayArgs) == 0 && run.Adapter.Name != "reference" {
		hint = "add how to reach the implementation: --adapter postgres, or -- and the program's command line"
	}
	return strings.Join(args, " "), hint
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// safeClass is s as a CSS class name: "not implemented" → "not-implemented".
func safeClass(s string) string {
	return strings.Trim(unsafeFileChars.ReplaceAllString(strings.ReplaceAll(s, " ", "-"), "-"), "-")
}

// matrixGenerator names the page's format and the version of its template
// (a hash of its text) in the page, so that a test finds a checked-in page
// made by another version (make matrix makes it again).
var matrixGenerator = fmt.Sprintf("%s template %x", MatrixPageFormat, sha256.Sum256([]byte(matrixTemplateText)))[:len(MatrixPageFormat)+22]

var matrixTemplate = template.Must(template.New("matrix").Funcs(template.FuncMap{"add": func(a, b int) int { return a + b }}).Parse(matrixTemplateText))

// pageStyle is the style sheet of the matrix page, which the timeline
// page shares.
const pageStyle = `:root { --pass: #2e8540; --fail: #c0392b; --error: #8e44ad; --muted: #6b7280; --line: #d1d5db; --amber: #b7791f; }
* { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 1.2em; color: #111827; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
.meta { color: var(--muted); margin: 0 0 1em; }
table { border-collapse: collapse; }
#impls td, #impls th { padding: .3em .6em; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
#impls img { margin: 0 .3em .3em 0; vertical-align: middle; }
#filters { position: sticky; top: 0; background: #fff; padding: .6em 0; border-bottom: 1px solid var(--line); z-index: 2; display: flex; flex-wrap: wrap; gap: 1em; align-items: center; }
#filters label { white-space: nowrap; }
#matrix { margin-top: .6em; }
#matrix th, #matrix td { border: 1px solid var(--line); padding: .25em .5em; }
#matrix thead th { background: #f3f4f6; position: sticky; top: 3.2em; z-index: 1; }
#matrix thead .version { display: block; font-weight: normal; color: var(--muted); font-size: .85em; }
tr.group th { text-align: left; background: #eef2ff; font-weight: 600; }
td.id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; white-space: nowrap; }
td.title { max-width: 38em; }
td.cell { text-align: center; white-space: nowrap; cursor: pointer; font-weight: 600; }
td.cell:focus { outline: 2px solid #2563eb; }
.o-passed { color: var(--pass); }
.o-failed { color: #fff; background: var(--fail); }
.o-errored { color: #fff; background: var(--error); }
.o-skipped, .o-not-implemented, .o-none { color: var(--muted); font-weight: normal; }
.o-not-run { color: #fff; background: var(--amber); }
tr.only td.cell.alone { box-shadow: inset 0 0 0 3px #111827; }
.hidden { display: none; }
#count { color: var(--muted); }
dialog { max-width: min(60em, 95vw); max-height: 90vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; padding: 1em 1.2em; }
dialog h2 { font-size: 1.1em; margin: 0 0 .4em; }
dialog pre { background: #f9fafb; border: 1px solid var(--line); padding: .6em; white-space: pre-wrap; word-break: break-word; max-height: 40vh; overflow: auto; }
dialog .close { float: right; }
.detail { display: none; }
`

// pageHead opens the matrix page and the timeline page alike: its
// generator and title are the page's Format and Title, and its style sheet
// pageStyle, left open for a page's own rules.
const pageHead = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="{{.Format}}">
<title>{{.Title}}</title>
<style>
` + pageStyle

const matrixTemplateText = pageHead + `</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="meta">{{len .Runs}} implementations, {{.Total}} requirements{{if .Generated}}; newest run started {{.Generated}}{{end}}. Click a verdict for its message and the command that replays it.</p>

<table id="impls">
<thead><tr><th>Implementation</th><th>Version</th><th>Language, unit</th><th>Level, seed</th><th>Outcomes</th><th title="requirements only this implementation fails">Fails only here</th><th>Badges (MUST requirements passed)</th></tr></thead>
<tbody>
{{range $i, $r := .Runs}}<tr data-run="{{$i}}"><th>{{$r.Name}}</th><td>{{$r.Version}}</td><td>{{$r.Language}}, {{$r.Unit}}</td><td>{{$r.Level}}, {{$r.Seed}}</td><td>{{$r.Summary}}{{if $r.Interrupted}}<br><strong>cut short: {{$r.Interrupted}}</strong>{{end}}</td><td class="only-count">{{$r.OnlyHere}}</td><td>{{range $r.Badges}}<img class="badge" alt="{{.Alt}}" title="{{.Alt}}" src="{{.Src}}">{{end}}</td></tr>
{{end}}</tbody>
</table>

<div id="filters">
<label>Standard <select id="f-standard"><option value="">all</option>{{range .Standards}}<option value="{{.Value}}">{{.Text}}</option>{{end}}</select></label>
<label>Level <select id="f-level"><option value="">all</option>{{range .Levels}}<option value="{{.Value}}">{{.Text}}</option>{{end}}</select></label>
<label>Outcome <select id="f-outcome"><option value="">any</option>{{range .Outcomes}}<option value="{{.Value}}">{{.Text}}</option>{{end}}</select></label>
<label><input type="checkbox" id="f-only"> fails only here</label>
<span id="count"><span id="shown">{{.Total}}</span> of {{.Total}} requirements</span>
</div>

<table id="matrix">
<thead><tr><th>ID</th><th>Level</th><th>Requirement</th>{{range .Runs}}<th class="impl">{{.Name}}<span class="version">{{.Version}}</span></th>{{end}}</tr></thead>
{{range .Groups}}<tbody class="group" data-standard="{{.Standard}}" data-level="{{.Level}}">
<tr class="group"><th colspan="{{len $.Runs | add 3}}">{{.StdTitle}} ({{.Standard}}) — {{.Source}} · {{.Level}}</th></tr>
{{range .Rows}}<tr class="req" id="req-{{.ID}}" data-id="{{.ID}}" data-standard="{{.Standard}}" data-level="{{.Level}}" data-outcomes="{{.Outcomes}}" data-alone="{{.Only}}">
<td class="id">{{.ID}}</td><td class="level">{{.Level}}</td><td class="title">{{.Title}}</td>
{{- $row := .}}{{range .Cells}}<td class="cell {{.Class}}{{if eq .Run $row.Only}} alone{{end}}" tabindex="0" role="button" data-run="{{.Run}}" data-outcome="{{.Outcome}}">{{.Text}}
<div class="detail" data-id="{{$row.ID}}" data-title="{{$row.Title}}" data-section="{{$row.Section}}" data-level="{{$row.Level}}" data-replay-file="{{.ReplayFile}}" data-replay-json="{{.ReplayJSON}}">
{{- if .Missing}}<p>Not selected in this run.</p>{{end -}}
{{- if .Known}}<p class="known">Expectations: {{.Known}}</p>{{end -}}
{{- if .Message}}<h3>Message</h3><pre class="message">{{.Message}}</pre>{{end -}}
{{- if .Notes}}<h3>Figures</h3><pre class="notes">{{range .Notes}}{{.}}
{{end}}</pre>{{end -}}
{{- if .Replay}}<h3>Replay</h3><p>Save the replay file, then send the case again:</p><pre class="replay">{{.Replay}}</pre>{{if .ReplayHint}}<p class="hint">{{.ReplayHint}}</p>{{end}}<p><button type="button" class="save">Save {{.ReplayFile}}</button></p>{{end -}}
{{- if .Duration}}<p class="duration">Took {{.Duration}}.</p>{{end -}}
</div></td>{{end}}
</tr>
{{end}}</tbody>
{{end}}</table>

<dialog id="detail"><button type="button" class="close" aria-label="close">×</button><h2 id="d-head"></h2><p id="d-title"></p><div id="d-body"></div></dialog>

<script>
"use strict";
(function () {
  const runs = Array.from(document.querySelectorAll("#matrix thead th.impl")).map(th => th.firstChild.textContent.trim() + " " + th.querySelector(".version").textContent);
  const f = { standard: document.getElementById("f-standard"), level: document.getElementById("f-level"),
    outcome: document.getElementById("f-outcome"), only: document.getElementById("f-only") };
  function apply() {
    let shown = 0;
    document.querySelectorAll("#matrix tbody.group").forEach(g => {
      let any = false;
      g.querySelectorAll("tr.req").forEach(tr => {
        const d = tr.dataset;
        const ok = (!f.standard.value || d.standard === f.standard.value) &&
          (!f.level.value || d.level === f.level.value) &&
          (!f.outcome.value || d.outcomes.split("|").includes(f.outcome.value)) &&
          (!f.only.checked || d.alone !== "-1");
        tr.classList.toggle("hidden", !ok);
        tr.classList.toggle("only", f.only.checked && d.alone !== "-1");
        if (ok) { any = true; shown++; }
      });
      g.classList.toggle("hidden", !any);
    });
    document.getElementById("shown").textContent = shown;
  }
  Object.values(f).forEach(el => el.addEventListener("change", apply));

  const dialog = document.getElementById("detail");
  function open(td) {
    const det = td.querySelector(".detail");
    const run = runs[Number(td.dataset.run)] || "";
    document.getElementById("d-head").textContent = det.dataset.id + " · " + run + " · " + td.firstChild.textContent.trim();
    document.getElementById("d-title").textContent = det.dataset.level + " (" + det.dataset.section + "): " + det.dataset.title;
    const body = document.getElementById("d-body");
    body.replaceChildren(...Array.from(det.cloneNode(true).childNodes));
    const save = body.querySelector("button.save");
    if (save) {
      save.addEventListener("click", () => {
        const a = document.createElement("a");
        a.href = "data:application/json;charset=utf-8," + encodeURIComponent(det.dataset.replayJson + "\n");
        a.download = det.dataset.replayFile;
        a.click();
      });
    }
    if (!dialog.open) dialog.showModal();
  }
  document.querySelectorAll("#matrix td.cell").forEach(td => {
    td.addEventListener("click", () => open(td));
    td.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(td); } });
  });
  dialog.querySelector(".close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", e => { if (e.target === dialog) dialog.close(); });
  apply();
})();
</script>
</body>
</html>
`
