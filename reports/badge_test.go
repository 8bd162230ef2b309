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

// TestBadgeFileNames: the exact names. A name that lost characters and
// meets one other run's name is followed by the first 4 bytes of its
// SHA-256 as hex (sha256sum of "x/y" begins bd3c9047); the run whose name
// was already safe keeps it. A long name keeps maxBadgeBase (64) bytes.
func TestBadgeFileNames(t *testing.T) {
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{[]string{"x/y", "x_y"}, "x_y_bd3c9047 x_y"},
		{[]string{"x/y", "z"}, "x_y z"},
		{[]string{strings.Repeat("a", 70)}, strings.Repeat("a", 64)},
		{[]string{strings.Repeat("a", 63) + "._b"}, strings.Repeat("a", 63)},
	} {
		var runs []Run
		for _, n := range tt.names {
			runs = append(runs, Run{Report: suite.Report{Adapter: adapters.Info{Name: n}}})
		}
		if got := strings.Join(fileBases(runs), " "); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.names, got, tt.want)
		}
	}
}

// TestCheckBadges: two runs whose badges would share a file are refused,
// naming both; one run's badges never collide with themselves.
func TestCheckBadges(t *testing.T) {
	a := Badge{Run: "x/y", Standard: adapters.Inflate, File: "x_y-inflate.svg"}
	b := Badge{Run: "x_y", Standard: adapters.Inflate, File: "x_y-inflate.svg"}
	err := CheckBadges([]Badge{a, b})
	if want := `the badges of "x/y" and "x_y" would both be x_y-inflate.svg: name the runs apart`; err == nil || err.Error() != want {
		t.Errorf("%v, want %s", err, want)
	}
	if err := CheckBadges([]Badge{a, a}); err != nil {
		t.Errorf("one run's badge twice: %v", err)
	}
}

// TestBadgeWidths: widths in 11px Verdana as textWidth estimates them,
// summed by hand: i l . , : ; | ! ' and space 3.9, f j r t / ( ) - 1
// 5.2, capitals and m w % 9.2, anything else 7.0, rounded half up.
func TestBadgeWidths(t *testing.T) {
	for _, tt := range []struct {
		s string
		w int
	}{
		{"i", 4}, {"f", 5}, {"A", 9}, {"Z", 9}, {"m", 9}, {"a", 7},
		{"@", 7}, {"[", 7}, // the characters next to A and Z
		{"inflate", 39},    // 3.9+7+5.2+3.9+7+5.2+7 = 39.2
		{"17/17 MUST", 70}, // 5.2+7+5.2+5.2+7+3.9+4×9.2 = 70.3
	} {
		if got := textWidth(tt.s); got != tt.w {
			t.Errorf("textWidth(%q) = %d, want %d", tt.s, got, tt.w)
		}
	}
	// Each half is its text and 6px on either side: 39+12 and 70+12.
	svg := Badge{Standard: adapters.Inflate, Passed: 17, Total: 17}.SVG("b")
	for _, want := range []string{`<svg xmlns="http://www.w3.org/2000/svg" width="133" height="20"`,
		`<rect width="51" height="20" fill="#555"/><rect x="51" width="82" height="20" fill="#2e8540"/>`,
		`<text x="25" y="14">inflate</text>`, `<text x="92" y="14">17/17 MUST</text>`} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %s:\n%s", want, svg)
		}
	}
}
