package reports

import (
	"crypto/sha256"
	"fmt"
	"html/template"
	"io"
)

// TimelineHTML writes the timeline as one self-contained HTML page in the
// matrix page's style (no request of any kind): the versions, then a row
// per requirement and a column per commit, each verdict that changed at a
// commit marked (class "changed") and linked to the diff from the commit
// before; then the time per operation of every workload at every commit,
// change points marked, and the change points listed, each naming its
// commit and subject.
func TimelineHTML(w io.Writer, t Timeline) error {
	m, err := t.model()
	if err != nil {
		return err
	}
	m.Format = timelineGenerator
	return timelineTemplate.Execute(w, m)
}

// timelineGenerator names the page's format and its template's version.
var timelineGenerator = fmt.Sprintf("%s template %x", TimelinePageFormat, sha256.Sum256([]byte(timelineTemplateText)))[:len(TimelinePageFormat)+22]

var timelineTemplate = template.Must(template.New("timeline").Funcs(template.FuncMap{
	"add":   func(a, b int) int { return a + b },
	"short": shortCommit,
}).Parse(timelineTemplateText))

const timelineTemplateText = pageHead + `#matrix td.cell { cursor: default; }
#matrix td.changed { box-shadow: inset 0 0 0 3px #111827; }
#matrix td.changed a { color: inherit; }
#matrix th.changed { background: #fde68a; }
#speed { margin-top: .6em; }
#speed th, #speed td { border: 1px solid var(--line); padding: .25em .5em; }
#speed thead th { background: #f3f4f6; }
#speed td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
#speed td.cp { font-weight: 600; box-shadow: inset 0 0 0 3px #111827; }
#speed td.cp-regression { color: var(--fail); }
#speed td.cp-improvement { color: var(--pass); }
#speed td.nonconforming { background: #fef3c7; }
td.bench { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; white-space: nowrap; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="meta">{{len .Versions}} versions, {{len .Rows}} requirements, oldest first. A verdict with a dark frame changed at that commit; it links to the conformance diff from the commit before.</p>

<table id="impls">
<thead><tr><th>#</th><th>Commit</th><th>Date</th><th>Subject</th><th>Outcomes</th><th>Verdicts changed</th></tr></thead>
<tbody>
{{range $i, $v := .Versions}}<tr class="version" data-commit="{{$v.Commit}}"><td>{{add $i 1}}</td><th><code>{{$v.Commit}}</code></th><td>{{index $.Dates $i}}</td><td class="subject">{{$v.Subject}}</td><td>{{$v.Run.Summary}}</td><td class="changes">{{if eq $i 0}}—{{else if $v.Diff}}<a class="diff" href="{{$v.Diff}}">{{index $.Changed $i}}</a>{{else}}{{index $.Changed $i}}{{end}}</td></tr>
{{end}}</tbody>
</table>

<h2>Verdicts</h2>
<table id="matrix">
<thead><tr><th>ID</th><th>Level</th><th>Requirement</th>{{range $i, $v := .Versions}}<th class="commit{{if index $.Changed $i}} changed{{end}}" data-commit="{{$v.Commit}}" title="{{$v.Subject}}"><code>{{short $v.Commit}}</code><span class="version">{{index $.Dates $i}}</span></th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr class="req" id="req-{{.ID}}" data-id="{{.ID}}" data-standard="{{.Standard}}" data-level="{{.Level}}" data-changes="{{.Changes}}">
<td class="id">{{.ID}}</td><td class="level">{{.Level}}</td><td class="title">{{.Title}}</td>
{{- range $i, $c := .Cells}}<td class="cell {{$c.Class}}{{if $c.Changed}} changed{{end}}" data-version="{{$i}}">{{if and $c.Changed $c.Diff}}<a class="diff" href="{{$c.Diff}}" title="changed here: the diff from the commit before">{{$c.Text}}</a>{{else}}{{$c.Text}}{{end}}</td>{{end}}
</tr>
{{end}}</tbody>
</table>
{{if .Speed}}
<h2>Speed</h2>
<p class="meta">Time per operation, the median of each version's runs; a change point found by the history analysis has a dark frame.</p>
<table id="speed">
<thead><tr><th>Workload</th>{{range $i, $v := .Versions}}<th class="commit" data-commit="{{$v.Commit}}"><code>{{short $v.Commit}}</code></th>{{end}}</tr></thead>
<tbody>
{{range .Speed}}<tr class="workload" data-benchmark="{{.Benchmark}}"><td class="bench">{{.Benchmark}}</td>{{range $i, $c := .Cells}}<td class="num {{$c.Class}}" data-version="{{$i}}"{{if $c.Title}} title="{{$c.Title}}"{{end}}>{{$c.Text}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
{{end}}{{if or .Changes .SpeedNote}}
<h2>Change points</h2>
{{if .SpeedNote}}<p class="note">{{.SpeedNote}}</p>{{end}}
<ul id="changes">
{{range .Changes}}<li class="change" data-commit="{{.Commit}}" data-verdict="{{.Verdict}}"><code>{{.Benchmark}}</code> ({{.Unit}}): {{.Verdict}}, {{.Change}} at <code>{{.Commit}}</code> ({{.Date}}) “<span class="subject">{{.Subject}}</span>”, p={{.P}}{{if .Marks}}; <strong>{{.Marks}}</strong>{{end}}</li>
{{end}}</ul>
{{end}}{{if .Warnings}}
<h2>Warnings</h2>
<ul id="warnings">{{range .Warnings}}<li>{{.}}</li>{{end}}</ul>
{{end}}</body>
</html>
`
