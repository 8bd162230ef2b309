package reports

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// tag is an HTML tag in Markdown; the writers' own are allowed.
var (
	tag        = regexp.MustCompile(`<[^>]*>?`)
	codeSpan   = regexp.MustCompile("(^|[^\\\\])`[^`]*`")
	ownTags    = map[string]bool{"<details>": true, "</details>": true, "<summary>": true, "</summary>": true}
	hostileMD  = `<img src="https://attacker.example/l.png"> ![x](https://attacker.example/i.png) [l](javascript:x) **b** | c ` + "`code`" + ` &lt;i&gt;`
	hostileRun = func(name string) Run {
		res := []suite.Result{
			{ID: "INF-01", Standard: adapters.Inflate, Section: hostileMD, Level: suite.Must, Title: hostileMD, Kind: suite.Spec, Outcome: suite.Failed, Message: hostileMD + "\n```\n" + hostileMD},
			{ID: "INF-02", Standard: adapters.Inflate, Level: suite.Must, Title: hostileMD, Kind: suite.Spec, Outcome: suite.Skipped, Message: hostileMD},
			{ID: "INF-03", Standard: adapters.Inflate, Level: suite.Must, Title: hostileMD, Kind: suite.Spec, Outcome: suite.Inconclusive, Message: hostileMD},
			{ID: "INF-04", Standard: adapters.Inflate, Level: suite.Must, Title: hostileMD, Kind: suite.Spec, Outcome: suite.NotImplemented, Unimplemented: hostileMD},
			{ID: "INF-05", Standard: adapters.Inflate, Level: suite.Must, Title: hostileMD, Kind: suite.Spec, Outcome: suite.Errored, Message: hostileMD},
		}
		rep := suite.Report{Adapter: adapters.Info{Name: name + hostileMD, Version: hostileMD, Language: hostileMD, Unit: "bytes"}, Results: res, Interrupted: hostileMD}
		e := Expectations{Format: ExpectationsFormat, Expectations: []Expectation{{ID: "INF-01", Reason: hostileMD}, {ID: "INF-02", Reason: hostileMD}}}
		return Run{Report: rep, Stderr: hostileMD, Remarks: []string{hostileMD}, Check: e.Compare(rep)}
	}
)

// foreignMarkup lists what in md a renderer would take for HTML, an image
// or a link: any tag but the writers' own, "![" and "](".
func foreignMarkup(md string) []string {
	var out []string
	code := false // in a fenced code block, where nothing is interpreted
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "```") {
			code = !code
			continue
		}
		if code {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "$1") // a code span's text is not interpreted either
		for _, m := range tag.FindAllString(line, -1) {
			if !ownTags[m] {
				out = append(out, m)
			}
		}
		for _, s := range []string{"![", "](", "[l]"} {
			if i := strings.Index(line, s); i >= 0 && (i == 0 || line[i-1] != '\\') {
				out = append(out, line)
			}
		}
	}
	return out
}

// TestMarkdownEscapes: every text that came from a program or a report
// (its name, version, language, messages, remarks, standard error, the
// operations it did not implement) is written as plain text into the
// Markdown of run, merge and diff (GitHub renders a job summary's HTML):
// no tag, image or link of its own reaches the output outside a code
// block.
func TestMarkdownEscapes(t *testing.T) {
	runs := []Run{hostileRun("a"), hostileRun("b")}
	var md bytes.Buffer
	if err := Markdown(&md, runs); err != nil {
		t.Fatal(err)
	}
	old := runs[0]
	old.Results = append([]suite.Result(nil), old.Results...)
	old.Results[0].Outcome, old.Results[4].Outcome = suite.Passed, suite.Passed
	d, err := DiffReports([]Run{old}, []Run{runs[0]}, suite.Must)
	if err != nil {
		t.Fatal(err)
	}
	d.OldSrc, d.NewSrc = hostileMD, hostileMD
	var dm bytes.Buffer
	if err := DiffMarkdown(&dm, d); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"Markdown": md.String(), "DiffMarkdown": dm.String()} {
		if bad := foreignMarkup(out); len(bad) > 0 {
			t.Errorf("%s writes markup that came from the program: %q\n%s", name, bad, out)
		}
		if !strings.Contains(out, "&lt;img src=") {
			t.Errorf("%s lost the program's text (want it escaped, not dropped):\n%s", name, out)
		}
	}
}
