package reports_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/browsertest"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// matrixRuns are real runs of the reference and three mutants, one of
// which says how to reach it for a replay: INF-03 fails in two mutants,
// INF-04, INF-07, INF-09 and DEN-04 in one each.
func matrixRuns(t *testing.T) []reports.Run {
	runs := realRuns(t)
	ov := runs["overlaps"]
	ov.ReplayArgs = []string{"--", "node", "my impl.js"}
	return []reports.Run{runs["reference"], runs["no-merge"], ov, runs["squeeze-keeps-last"]}
}

// TestMatrixHTMLStatic checks the page without a browser: it names every
// implementation and its version, groups the requirements by standard and
// level, loads nothing (no URL in a src, href, url() or import), and
// escapes hostile text.
func TestMatrixHTMLStatic(t *testing.T) {
	runs := matrixRuns(t)
	runs[1].Results = slices.Clone(runs[1].Results)
	runs[1].Results[0].Message = `<script>alert("x")</script> & "quotes"`
	var buf bytes.Buffer
	if err := reports.MatrixHTML(&buf, runs); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{"<th class=\"impl\">reference<span class=\"version\">" + runs[0].Adapter.Version,
		">broken/no-merge<", "Context inflation (inflate) — std085", "· MUST</th>", "Dynamic density (density) — std085", "· SHOULD</th>",
		"&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#34;quotes&#34;"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, `<script>alert`) {
		t.Error("a message is not escaped")
	}
	external := regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:|//)|url\(\s*['"]?(https?:|//)|@import|<link\b`)
	if m := external.FindString(page); m != "" {
		t.Errorf("the page loads something: %q", m)
	}
	if err := reports.MatrixHTML(&buf, nil); err == nil {
		t.Error("a page of no runs is no error")
	}
}

// TestMatrixHTMLInChromium opens the matrix page in a real headless
// Chromium: it loads without script errors or requests; the filters by
// standard, level and outcome and the "fails only here" view show the
// requirements they should; a FAIL cell opens its message and the command
// that replays it. It keeps a screenshot and the page in
// reports/testdata/chromium/ (ignored by git).
func TestMatrixHTMLInChromium(t *testing.T) {
	bctx := browsertest.Browser(t)
	runs := matrixRuns(t)
	var buf bytes.Buffer
	if err := reports.MatrixHTML(&buf, runs); err != nil {
		t.Fatal(err)
	}
	page := browsertest.Keep(t, "matrix.html", buf.Bytes())
	ctx, problems := browsertest.Open(t, bctx, page)

	eval := func(js string) []string { t.Helper(); return browsertest.Strings(t, ctx, js) }
	shown := `Array.from(document.querySelectorAll("#matrix tr.req")).filter(tr => tr.offsetParent !== null).map(tr => tr.dataset.id)`
	set := func(id, value string) {
		t.Helper()
		js := fmt.Sprintf(`(() => { const el = document.getElementById(%q); if (el.type === "checkbox") el.checked = %q === "on"; else el.value = %q; el.dispatchEvent(new Event("change")); return []; })()`, id, value, value)
		eval(js)
	}
	// Rows by group (standard, then level), in catalogue order within it.
	all := "INF-04 INF-07 INF-09 INF-12 INF-03 INF-17 DEN-04"
	for _, tt := range []struct {
		standard, level, outcome, only string
		want                           string
	}{
		{"", "", "", "", all},
		{"inflate", "", "", "", "INF-04 INF-07 INF-09 INF-12 INF-03 INF-17"},
		{"density", "", "", "", "DEN-04"},
		{"", "SHOULD", "", "", "DEN-04"},
		{"", "ROBUST", "", "", "INF-03 INF-17"},
		{"", "", "failed", "", "INF-04 INF-07 INF-03 INF-17 DEN-04"},
		{"", "", "errored", "", ""},
		{"", "", "", "on", "INF-04 INF-07 INF-17 DEN-04"},
		{"inflate", "MUST", "failed", "on", "INF-04 INF-07"},
		{"", "", "", "", all},
	} {
		set("f-standard", tt.standard)
		set("f-level", tt.level)
		set("f-outcome", tt.outcome)
		set("f-only", tt.only)
		got := strings.Join(eval(shown), " ")
		if got != tt.want {
			t.Errorf("standard %q level %q outcome %q only %q: shown %q, want %q", tt.standard, tt.level, tt.outcome, tt.only, got, tt.want)
		}
		n := len(strings.Fields(tt.want))
		if count := eval(`[document.getElementById("shown").textContent]`); count[0] != fmt.Sprint(n) {
			t.Errorf("the count says %s shown, want %d", count[0], n)
		}
	}
	// Groups with no requirement shown are hidden with them.
	set("f-level", "SHOULD")
	if g := eval(`Array.from(document.querySelectorAll("#matrix tbody.group")).filter(g => g.offsetParent !== null).map(g => g.dataset.standard + "/" + g.dataset.level)`); strings.Join(g, " ") != "density/SHOULD" {
		t.Errorf("groups shown at SHOULD: %v", g)
	}
	set("f-level", "")

	// The fails-only-here counts per implementation.
	if got := eval(`Array.from(document.querySelectorAll("#impls td.only-count")).map(td => td.textContent)`); strings.Join(got, " ") != "0 1 1 2" {
		t.Errorf("fails only here per implementation: %v, want 0 1 1 2", got)
	}
	// One badge per implementation and standard it implements.
	if got := eval(`Array.from(document.querySelectorAll("#impls img.badge")).map(i => i.alt + (i.naturalWidth > 0 ? "" : " (not drawn)"))`); strings.Join(got, ", ") != "inflate: 4/4 MUST, inflate: 3/4 MUST, inflate: 3/4 MUST, inflate: 4/4 MUST" {
		t.Errorf("badges %q, want one per run (density has no MUST requirement here), drawn", got)
	}

	// Overlaps' INF-07 FAIL opens its message and the replay command.
	var ov suite.Result
	for _, r := range runs[2].Results {
		if r.ID == "INF-07" {
			ov = r
		}
	}
	eval(`(() => { document.querySelector('#req-INF-07 td.cell[data-run="2"]').click(); return []; })()`)
	d := eval(`[document.getElementById("detail").open ? "open" : "closed", document.getElementById("d-head").textContent,
		(document.querySelector("#d-body pre.message") || {}).textContent || "", (document.querySelector("#d-body pre.replay") || {}).textContent || "",
		(document.querySelector("#d-body button.save") || {}).textContent || ""]`)
	if d[0] != "open" || !strings.HasPrefix(d[1], "INF-07 · broken/overlaps") || d[2] != ov.Message ||
		d[3] != "conformance replay broken_overlaps-INF-07.json -- node 'my impl.js'" || d[4] != "Save broken_overlaps-INF-07.json" {
		t.Errorf("the dialog of overlaps' INF-07: %q", d)
	}
	// The file the save button offers is the replay, as run writes it.
	rp := eval(`(() => { const r = JSON.parse(document.querySelector('#req-INF-07 td.cell[data-run="2"] .detail').dataset.replayJson); return [r.format, r.id, r.expected]; })()`)
	if rp[0] != suite.ReplayFormat || rp[1] != "INF-07" || rp[2] != ov.Message {
		t.Errorf("the replay file offered: %q", rp)
	}
	browsertest.Screenshot(t, ctx, "matrix-detail.png")
	eval(`(() => { document.querySelector("#detail .close").click(); return []; })()`)
	// No-merge's says how to add the adapter, as its report does not.
	eval(`(() => { document.querySelector('#req-INF-04 td.cell[data-run="1"]').click(); return []; })()`)
	if h := eval(`[(document.querySelector("#d-body p.hint") || {}).textContent || ""]`); !strings.Contains(h[0], "--adapter postgres, or --") {
		t.Errorf("no hint for a run that does not say how to reach it: %q", h)
	}
	eval(`(() => { document.querySelector("#detail .close").click(); return []; })()`)

	browsertest.Screenshot(t, ctx, "matrix.png")
	if p := problems(); len(p) > 0 {
		t.Errorf("the page had problems:\n%s", strings.Join(p, "\n"))
	}

	// The checks can fail: a page whose filter script breaks and that asks
	// for a font on the network is caught.
	broken := filepath.Join(t.TempDir(), "broken.html")
	bad := strings.Replace(buf.String(), "function apply() {", `function apply() { null.x;`, 1)
	bad = strings.Replace(bad, "<style>", `<style>@import url("http://192.0.2.1/font.css");`, 1)
	if err := os.WriteFile(broken, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, brokenProblems := browsertest.Open(t, bctx, broken)
	got := strings.Join(brokenProblems(), "\n")
	for _, want := range []string{"exception:", "request: http://192.0.2.1/font.css"} {
		if !strings.Contains(got, want) {
			t.Errorf("the broken page's problems lack %q:\n%s", want, got)
		}
	}
}
