package reports

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/browsertest"
)

// TestCheckedInMatrix checks the project's own matrix, reports/matrix.html
// and reports/badges/*.svg (make matrix): the page was made by this
// version of the page's template, shows the reference, PostgreSQL, the
// Node example and the upstream engines (anchor-engine-node, casys-pml; PGlite
// is a second postgres column), loads nothing, and works in Chromium (the filters, a FAIL
// cell opening its message and replay command); every badge it shows is a
// well-formed file of reports/badges, and every file is shown.
func TestCheckedInMatrix(t *testing.T) {
	const remake = "run `make matrix` (needs PostgreSQL and node) to make it again"
	b, err := os.ReadFile("matrix.html")
	if err != nil {
		t.Fatalf("%v: %s", err, remake)
	}
	page := string(b)
	if !strings.Contains(page, `<meta name="generator" content="`+matrixGenerator+`">`) {
		t.Errorf("reports/matrix.html was made by another version of the page (want generator %q): %s", matrixGenerator, remake)
	}
	for _, impl := range []string{"reference", "postgres", "ctxconform-example-node", "anchor-engine-node", "casys-pml"} {
		if !strings.Contains(page, `<th class="impl">`+impl+`<span class="version">`) {
			t.Errorf("reports/matrix.html has no column for %s: %s", impl, remake)
		}
	}
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:|//)|url\(\s*['"]?(https?:|//)|@import|<link\b`).FindString(page); m != "" {
		t.Errorf("reports/matrix.html loads something: %q", m)
	}

	// The badges: every file is well-formed and shown on the page.
	files, err := filepath.Glob(filepath.Join("badges", "*.svg"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no reports/badges/*.svg (%v): %s", err, remake)
	}
	var titles []string
	for _, f := range files {
		svg, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var root struct {
			XMLName xml.Name
			Title   string `xml:"title"`
		}
		if err := xml.Unmarshal(svg, &root); err != nil || root.XMLName.Local != "svg" || root.Title == "" {
			t.Errorf("%s is not a badge (%v)", f, err)
		}
		titles = append(titles, root.Title)
	}

	bctx := browsertest.Browser(t)
	path, err := filepath.Abs("matrix.html")
	if err != nil {
		t.Fatal(err)
	}
	ctx, problems := browsertest.Open(t, bctx, path)
	eval := func(js string) []string { t.Helper(); return browsertest.Strings(t, ctx, js) }
	alts := eval(`Array.from(document.querySelectorAll("#impls img.badge")).filter(i => i.naturalWidth > 0).map(i => i.alt)`)
	slices.Sort(alts)
	slices.Sort(titles)
	if !slices.Equal(alts, titles) {
		t.Errorf("the page draws the badges %q, reports/badges holds %q: %s", alts, titles, remake)
	}
	counts := eval(`(() => {
		const shown = () => String(Array.from(document.querySelectorAll("#matrix tr.req")).filter(tr => tr.offsetParent !== null).length);
		const all = shown();
		const only = document.getElementById("f-only");
		only.checked = true; only.dispatchEvent(new Event("change"));
		const alone = shown();
		only.checked = false; only.dispatchEvent(new Event("change"));
		const outcome = document.getElementById("f-outcome");
		outcome.value = "failed"; outcome.dispatchEvent(new Event("change"));
		const failed = shown();
		outcome.value = ""; outcome.dispatchEvent(new Event("change"));
		return [all, alone, failed, String(document.querySelectorAll('#matrix tr.req:not([data-alone="-1"])').length),
			String(document.querySelectorAll("#matrix tr.req td.cell.o-failed").length)];
	})()`)
	if counts[0] == "0" || counts[1] != counts[3] || counts[2] == "0" {
		t.Errorf("requirements shown: all %s, fails only here %s (want %s), failed %s", counts[0], counts[1], counts[3], counts[2])
	}
	// The first FAIL opens its message and the command that replays it.
	d := eval(`(() => {
		document.querySelector("#matrix td.cell.o-failed").click();
		return [document.getElementById("detail").open ? "open" : "closed",
			(document.querySelector("#d-body pre.message") || {}).textContent || "",
			(document.querySelector("#d-body pre.replay") || {}).textContent || ""];
	})()`)
	if d[0] != "open" || d[1] == "" || !strings.HasPrefix(d[2], "conformance replay ") {
		t.Errorf("a FAIL cell opens %q, want the dialog with the message and the replay command", d)
	}
	browsertest.Screenshot(t, ctx, "checked-in-matrix.png")
	if p := problems(); len(p) > 0 {
		t.Errorf("reports/matrix.html had problems:\n%s", strings.Join(p, "\n"))
	}
}
