package reports

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/browsertest"
)

// anchorTimeline is the folder of anchor-engine-node's checked-in timeline
// (reports/upstream/anchor-history.md says how it was made).
const anchorTimeline = "upstream/anchor-history"

// historyCommits reads adapters/process/upstream/anchor/history.txt: the
// commits of the engine's history, oldest first, and each one's subject.
func historyCommits(t *testing.T) (commits []string, subjects map[string]string) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "adapters", "process", "upstream", "anchor", "history.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	subjects = map[string]string{}
	line := regexp.MustCompile(`^([0-9a-f]+) (\d{4}-\d\d-\d\d) (.*)$`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := line.FindStringSubmatch(sc.Text()); m != nil {
			commits = append(commits, m[1])
			subjects[m[1]] = m[3]
		}
	}
	if err := sc.Err(); err != nil || len(commits) == 0 {
		t.Fatalf("history.txt: %v, %d commits", err, len(commits))
	}
	return commits, subjects
}

// TestCheckedInTimeline checks anchor-engine-node's timeline, the example
// the README shows (reports/upstream/anchor-history/timeline.html and .md):
// it has a column per commit of history.txt in its order, loads nothing,
// and in Chromium every verdict marked as changed links to a diff file
// that is beside the page and names that requirement; the speed table
// has a figure for every workload at every commit, and every change
// point names a commit of the history with that commit's subject.
func TestCheckedInTimeline(t *testing.T) {
	const remake = "make it again as reports/upstream/anchor-history.md says"
	commits, subjects := historyCommits(t)
	html := filepath.Join(anchorTimeline, "timeline.html")
	b, err := os.ReadFile(html)
	if err != nil {
		t.Fatalf("%v: %s", err, remake)
	}
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:|//)|url\(\s*['"]?(https?:|//)|@import|<link\b`).FindString(string(b)); m != "" {
		t.Errorf("%s loads something: %q", html, m)
	}
	md, err := os.ReadFile(filepath.Join(anchorTimeline, "timeline.md"))
	if err != nil {
		t.Fatalf("%v: %s", err, remake)
	}
	for _, c := range commits {
		if !strings.Contains(string(md), "`"+c+"`") {
			t.Errorf("timeline.md does not name %s: %s", c, remake)
		}
	}

	bctx := browsertest.Browser(t)
	path, err := filepath.Abs(html)
	if err != nil {
		t.Fatal(err)
	}
	ctx, problems := browsertest.Open(t, bctx, path)
	eval := func(js string) []string { t.Helper(); return browsertest.Strings(t, ctx, js) }
	if got := eval(`Array.from(document.querySelectorAll("#matrix thead th.commit")).map(th => th.dataset.commit)`); !slices.Equal(got, commits) {
		t.Errorf("columns %q, want history.txt's commits %q: %s", got, commits, remake)
	}
	changed := eval(`Array.from(document.querySelectorAll("#matrix td.changed")).map(td => td.closest("tr").dataset.id + " " + ((td.querySelector("a.diff") || {}).href || ""))`)
	if len(changed) == 0 {
		t.Errorf("no verdict is marked as changed: %s", remake)
	}
	for _, c := range changed {
		id, href, _ := strings.Cut(c, " ")
		diff, err := os.ReadFile(strings.TrimPrefix(href, "file://"))
		if err != nil {
			t.Errorf("%s's changed verdict links %q: %v", id, href, err)
			continue
		}
		if !strings.Contains(string(diff), id) {
			t.Errorf("%s's changed verdict links %s, which does not name it", id, href)
		}
	}
	if got := eval(`Array.from(document.querySelectorAll("#speed tr.workload td.num")).filter(td => td.textContent === "—").map(td => td.closest("tr").dataset.benchmark + "@" + td.dataset.version)`); len(got) > 0 {
		t.Errorf("workloads without a figure: %q", got)
	}
	if got := eval(`[String(document.querySelectorAll("#speed tr.workload").length)]`); got[0] == "0" {
		t.Errorf("no workload in the speed table: %s", remake)
	}
	for _, c := range eval(`Array.from(document.querySelectorAll("#changes li.change")).map(li => li.dataset.commit + "\t" + li.querySelector(".subject").textContent)`) {
		commit, subject, _ := strings.Cut(c, "\t")
		want, ok := subjects[commit]
		if !ok || subject != want {
			t.Errorf("change point at %q with subject %q: want a commit of history.txt and its subject (%q)", commit, subject, want)
		}
	}
	browsertest.Screenshot(t, ctx, "checked-in-timeline.png")
	if p := problems(); len(p) > 0 {
		t.Errorf("%s had problems:\n%s", html, strings.Join(p, "\n"))
	}
}
