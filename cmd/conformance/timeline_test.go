package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/browsertest"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
)

// timelineRuns makes three "versions" from real runs: the faulty inflation
// program correct (a1), then capping windows at 2501 (a2: INF-07 fails),
// then correct again (a3), each with a bench run of the reference; and the
// manifest listing them. It returns the manifest's path.
func timelineRuns(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	faulty, err := filepath.Abs("../../testdata/faulty/inflate.py")
	if err != nil {
		t.Fatal(err)
	}
	py := testprog.Python(t)
	var versions []string
	for i, mode := range []string{"correct", "cap2501", "correct"} {
		commit := fmt.Sprintf("a%d", i+1)
		var stdout, stderr bytes.Buffer
		args := []string{"run", "--standard", "inflate", "--property-runs", "5", "--json", filepath.Join(dir, commit+".json"), "--adapter", "exec", "--", py, faulty, mode}
		if code := run(args, &stdout, &stderr); code != exitOK && code != exitGate {
			t.Fatalf("run %s: exit %d:\n%s", mode, code, stderr.String())
		}
		args = []string{"bench", "--short", "--run", `^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$`, "--count", "2", "--benchtime", "2x", "-q", "-o", filepath.Join(dir, commit+".txt")}
		if code := run(args, &stdout, &stderr); code != exitOK {
			t.Fatalf("bench: exit %d:\n%s", code, stderr.String())
		}
		versions = append(versions, fmt.Sprintf(`{"commit": %q, "date": "2026-02-1%dT10:00:00Z", "subject": "inflate: %s | <b>mode</b>", "report": %q, "bench": %q}`,
			commit, i+4, mode, commit+".json", commit+".txt"))
	}
	manifest := filepath.Join(dir, "manifest.json")
	body := `{"format": "ctxconform-timeline/1", "title": "faulty inflate.py", "versions": [` + strings.Join(versions, ",\n") + `]}`
	if err := os.WriteFile(manifest, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return manifest
}

// TestTimelineCommand: timeline on real runs writes the page, Markdown and
// a diff per adjacent pair beside them; INF-07's verdict is marked where it
// changed, linked to the diff that says so, and in Chromium the page shows
// a column per commit, the changed columns and cells marked, links that
// lead to the diff files, and the speed of the workload at every commit.
func TestTimelineCommand(t *testing.T) {
	manifest := timelineRuns(t)
	out := t.TempDir()
	html, md := filepath.Join(out, "timeline.html"), filepath.Join(out, "timeline.md")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"timeline", "--html", html, "--markdown", md, manifest}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	for name, want := range map[string]string{
		"diff-a1-a2.md": "INF-07",
		"diff-a2-a3.md": "INF-07",
	} {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s: %v, want a diff naming %s:\n%s", name, err, want, b)
		}
	}
	mdText, _ := os.ReadFile(md)
	for _, want := range []string{
		"[**FAIL**](diff-a1-a2.md) | [**pass**](diff-a2-a3.md) |",
		"| 2 | `a2` | 2026-02-15 | inflate: cap2501 \\| &lt;b&gt;mode&lt;/b&gt; |",
		"| Inflate/hits=10/docs=100/doc-bytes=16000/budget=none-",
		"Only 3 runs: finding a change point needs at least 6",
	} {
		if !strings.Contains(string(mdText), want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, mdText)
		}
	}

	bctx := browsertest.Browser(t)
	page, _ := os.ReadFile(html)
	kept := browsertest.Keep(t, "timeline.html", page)
	for _, name := range []string{"diff-a1-a2.md", "diff-a2-a3.md"} {
		b, _ := os.ReadFile(filepath.Join(out, name))
		browsertest.Keep(t, name, b)
	}
	ctx, problems := browsertest.Open(t, bctx, kept)
	eval := func(js string) []string { t.Helper(); return browsertest.Strings(t, ctx, js) }
	for _, c := range []struct{ what, js, want string }{
		{"columns", `Array.from(document.querySelectorAll("#matrix thead th.commit")).map(th => th.dataset.commit)`, "a1 a2 a3"},
		{"changed columns", `Array.from(document.querySelectorAll("#matrix thead th.changed")).map(th => th.dataset.commit)`, "a2 a3"},
		{"changed cells", `Array.from(document.querySelectorAll("#matrix td.changed")).map(td => td.closest("tr").dataset.id + "@" + td.dataset.version + "=" + td.textContent)`, "INF-07@1=FAIL INF-07@2=pass"},
		{"links", `Array.from(document.querySelectorAll("#matrix td.changed a.diff")).map(a => a.href.split("/").pop())`, "diff-a1-a2.md diff-a2-a3.md"},
		{"subjects", `Array.from(document.querySelectorAll("#impls td.subject")).map(td => td.textContent.split(" ")[1])`, "correct cap2501 correct"},
		{"speed", `Array.from(document.querySelectorAll("#speed tr.workload td.num")).map(td => td.textContent === "—" ? "none" : "figure")`, "figure figure figure"},
	} {
		if got := strings.Join(eval(c.js), " "); got != c.want {
			t.Errorf("%s: got %q, want %q", c.what, got, c.want)
		}
	}
	// A link leads to its diff: the file beside the page.
	for _, href := range eval(`Array.from(document.querySelectorAll("#matrix td.changed a.diff")).map(a => a.href)`) {
		if _, err := os.Stat(strings.TrimPrefix(href, "file://")); err != nil {
			t.Errorf("link %s leads nowhere: %v", href, err)
		}
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the page had problems: %v", p)
	}
	browsertest.Screenshot(t, ctx, "timeline.png")
}

// TestTimelineManifestRefused: a manifest that is not one is refused with
// exit 2, naming the file and the field.
func TestTimelineManifestRefused(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "r.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"run", "--standard", "density", "--property-runs", "5", "--json", report}, &stdout, &stderr); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr.String())
	}
	for _, c := range []struct{ name, body, want string }{
		{"format", `{"format": "x", "versions": []}`, `format "x": want "ctxconform-timeline/1"`},
		{"none", `{"format": "ctxconform-timeline/1", "versions": []}`, "versions: none"},
		{"unknown field", `{"format": "ctxconform-timeline/1", "versions": [{"report": "r.json", "sha": "x"}]}`, `unknown field "sha"`},
		{"no report", `{"format": "ctxconform-timeline/1", "versions": [{"commit": "a"}]}`, "versions[0].report: missing"},
		{"no date", `{"format": "ctxconform-timeline/1", "versions": [{"commit": "a", "report": "r.json"}]}`, "versions[0].date: missing"},
		{"bad date", `{"format": "ctxconform-timeline/1", "versions": [{"commit": "a", "date": "14/02/2026", "report": "r.json"}]}`, `versions[0].date: "14/02/2026" is neither RFC 3339`},
		{"two lines", `{"format": "ctxconform-timeline/1", "versions": [{"commit": "a", "date": "2026-02-14", "subject": "a\nb", "report": "r.json"}]}`, "versions[0].subject: \"a\\nb\" is not one line"},
		{"escape", `{"format": "ctxconform-timeline/1", "versions": [{"commit": "a", "date": "2026-02-14", "subject": "a\u001b[2Jb", "report": "r.json"}]}`, "versions[0].subject: \"a\\x1b[2Jb\" holds a control character"},
		{"missing report", `{"format": "ctxconform-timeline/1", "versions": [{"commit": "a", "date": "2026-02-14", "report": "gone.json"}]}`, "versions[0].report: "},
		{"missing bench", `{"format": "ctxconform-timeline/1", "versions": [{"commit": "a", "date": "2026-02-14", "report": "r.json", "bench": "gone.txt"}]}`, "versions[0].bench: "},
		{"twice", `{"format": "ctxconform-timeline/1", "versions": [{"date": "2026-02-14", "report": "r.json"}, {"date": "2026-02-15", "report": "r.json"}]}`, "versions[1].commit: 0.1.0 is versions[0]'s commit too"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := filepath.Join(dir, "m.json")
			if err := os.WriteFile(m, []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
			stderr.Reset()
			code := run([]string{"timeline", "--markdown", filepath.Join(dir, "t.md"), m}, &stdout, &stderr)
			if code != exitUsage || !strings.Contains(stderr.String(), c.want) || !strings.Contains(stderr.String(), "m.json") {
				t.Errorf("exit %d, want 2 naming m.json and saying %q:\n%s", code, c.want, stderr.String())
			}
		})
	}
	if code := run([]string{"timeline", filepath.Join(dir, "m.json")}, &stdout, &stderr); code != exitUsage || !slices.ContainsFunc(strings.Split(stderr.String(), "\n"), func(l string) bool { return strings.Contains(l, "give --html FILE and/or --markdown FILE") }) {
		t.Errorf("no output: exit %d: %s", code, stderr.String())
	}
}
