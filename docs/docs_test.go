// Package docs holds the documentation pages beyond the README; its test
// keeps them and the README honest: the README stays a front page, every
// relative link and anchor resolves, and the Go version said is go.mod's.
package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFrontPage: the README is a front page of at most 150 lines with both
// set-up commands in its first 20, names the templates first under "Check
// your own implementation", links the docs index, and states the Go
// version go.mod requires.
func TestFrontPage(t *testing.T) {
	readme := read(t, "../README.md")
	lines := strings.Split(readme, "\n")
	if len(lines) > 151 {
		t.Errorf("README.md has %d lines, want a front page of at most 150", len(lines)-1)
	}
	head := strings.Join(lines[:min(20, len(lines))], "\n")
	for _, cmd := range []string{"make conformance", "make test"} {
		if !strings.Contains(head, cmd) {
			t.Errorf("README.md's first 20 lines lack %q", cmd)
		}
	}
	_, check, ok := strings.Cut(readme, "## Check your own implementation\n")
	if !ok {
		t.Fatal(`README.md has no "Check your own implementation" section`)
	}
	first := strings.Index(check, "](")
	if first < 0 || !strings.HasPrefix(check[first+2:], "adapters/process/templates/") {
		t.Errorf("the first link of \"Check your own implementation\" is not a template:\n%.300s", check)
	}
	if !strings.Contains(readme, "](docs/README.md)") {
		t.Error("README.md does not link the docs index, docs/README.md")
	}
	gomod := regexp.MustCompile(`(?m)^go (\d+\.\d+(\.\d+)?)$`).FindStringSubmatch(read(t, "../go.mod"))
	if gomod == nil {
		t.Fatal("go.mod has no go line")
	}
	said := regexp.MustCompile(`Go (\d+\.\d+(?:\.\d+)?)`).FindAllStringSubmatch(readme+read(t, "development.md"), -1)
	if len(said) == 0 {
		t.Error("neither README.md nor docs/development.md says which Go version is needed")
	}
	for _, m := range said {
		if m[1] != gomod[1] {
			t.Errorf("the documentation says Go %s, go.mod requires %s", m[1], gomod[1])
		}
	}
}

// TestIndex: every page of docs/ is listed in docs/README.md.
func TestIndex(t *testing.T) {
	index := read(t, "README.md")
	pages, _ := filepath.Glob("*.md")
	for _, p := range pages {
		if p != "README.md" && !strings.Contains(index, "]("+p+")") {
			t.Errorf("docs/README.md does not list %s", p)
		}
	}
}

var (
	link    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	heading = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
	notSlug = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

// anchors are the GitHub anchors of a Markdown file's headings.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	for _, m := range heading.FindAllStringSubmatch(text, -1) {
		s := strings.ToLower(notSlug.ReplaceAllString(m[1], ""))
		out[strings.ReplaceAll(s, " ", "-")] = true
	}
	return out
}

// TestLinks: every relative link of the README, the docs and the templates'
// READMEs names a file or folder that exists, and an anchor a heading of it.
func TestLinks(t *testing.T) {
	files, _ := filepath.Glob("*.md")
	files = append(files, "../README.md", "../adapters/process/templates/python/README.md", "../adapters/process/templates/node/README.md")
	for _, f := range files {
		text := read(t, f)
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			full := f
			if path != "" {
				full = filepath.Join(filepath.Dir(f), path)
				if _, err := os.Stat(full); err != nil {
					t.Errorf("%s links %s, which does not exist", f, target)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(full, ".md") && !anchors(read(t, full))[anchor] {
				t.Errorf("%s links %s: no such heading in %s", f, target, full)
			}
		}
	}
}
