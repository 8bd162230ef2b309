package reports

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// TestBadges: a badge counts a standard's MUST requirements passed; red
// when one failed or errored, green when all passed, amber otherwise (an
// outcome this package does not know included); none for a standard not
// implemented. Its SVG is well-formed, escaped, and wide enough.
func TestBadges(t *testing.T) {
	res := func(id string, std adapters.Standard, l suite.Level, o suite.Outcome) suite.Result {
		return suite.Result{ID: id, Standard: std, Level: l, Outcome: o}
	}
	for _, tt := range []struct {
		results []suite.Result
		want    string // label: message color, ...
	}{
		{[]suite.Result{res("INF-01", adapters.Inflate, suite.Must, suite.Passed), res("INF-08", adapters.Inflate, suite.Should, suite.Failed)},
			"inflate: 1/1 MUST #2e8540"},
		{[]suite.Result{res("INF-01", adapters.Inflate, suite.Must, suite.Passed), res("INF-02", adapters.Inflate, suite.Must, suite.Errored)},
			"inflate: 1/2 MUST #c0392b"},
		{[]suite.Result{res("INF-01", adapters.Inflate, suite.Must, suite.Skipped), res("DEN-01", adapters.Density, suite.Must, suite.Failed)},
			"inflate: 0/1 MUST #b7791f, density: 0/1 MUST #c0392b"},
		{[]suite.Result{res("INF-01", adapters.Inflate, suite.Must, "inconclusive"), res("FUZ-01", adapters.Fuzzy, suite.Must, suite.NotImplemented)},
			"inflate: 0/1 MUST #b7791f"},
		{[]suite.Result{res("INF-13", adapters.Inflate, suite.Reference, suite.Passed)}, ""},
	} {
		var got []string
		for _, b := range Badges([]Run{{Label: `a<b>&"c"`, Report: suite.Report{Results: tt.results}}}) {
			got = append(got, b.Label()+": "+b.Message()+" "+b.Color())
			if b.File != "a_b_c-"+string(b.Standard)+".svg" {
				t.Errorf("file %q", b.File)
			}
			svg := b.SVG("x")
			var root struct {
				Width int    `xml:"width,attr"`
				Title string `xml:"title"`
			}
			if err := xml.Unmarshal([]byte(svg), &root); err != nil {
				t.Errorf("not XML: %v\n%s", err, svg)
			}
			if root.Title != b.Label()+": "+b.Message() || root.Width < 6*len(root.Title) {
				t.Errorf("badge %q is %d wide", root.Title, root.Width)
			}
		}
		if s := strings.Join(got, ", "); s != tt.want {
			t.Errorf("badges %q, want %q", s, tt.want)
		}
	}
}

// TestBadgeFiles: names that differ give different files, a name that
// keeps no safe character gets one, and no file name is long.
func TestBadgeFiles(t *testing.T) {
	names := []string{"x/y", "x_y", "x y", "", ".", "..", "/", strings.Repeat("n", 300), "plain-1.0"}
	var runs []Run
	for _, n := range names {
		runs = append(runs, Run{Report: suite.Report{Adapter: adapters.Info{Name: n}}})
	}
	bases := fileBases(runs)
	seen := map[string]string{}
	for i, b := range bases {
		if other, dup := seen[b]; dup {
			t.Errorf("%q and %q both give %q", other, names[i], b)
		}
		seen[b] = names[i]
		if b == "" || strings.HasPrefix(b, ".") || strings.ContainsAny(b, "/\\") || len(b) > maxBadgeBase+9 {
			t.Errorf("%q gives %q", names[i], b)
		}
	}
	if bases[1] != "x_y" || bases[8] != "plain-1.0" {
		t.Errorf("plain names changed: %q, %q", bases[1], bases[8])
	}
}
