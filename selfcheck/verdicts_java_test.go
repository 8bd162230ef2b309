package selfcheck_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/suite"
)

// The independent implementation in testdata/independent/java, written from
// the standards' texts and adapters/process/PROTOCOL.md alone by someone who
// had not read the checks, in the corpus of TestVerdicts (make verdicts
// only: it starts a JVM per mode, compiled once per run; its 16 modes of
// inflation and density took 7 to 60 s each on a loaded 2-core machine,
// too much for the quick part of make test). Its author listed
// every plain bug (`--bug NAME`, BUGS.md) and every other reading (`--reading
// NAME`, READINGS.md) and judged each MUST and SHOULD failure (TRIAGE.md);
// the tags below carry those judgements.

// javaMode is one run of the Java program: `Main`, `Main --bug NAME` or
// `Main --reading NAME`, on the standards it touches, with its tag.
type javaMode struct {
	args []string
	stds []adapters.Standard
	tag  verdictTag
}

// name is the mode as the figures name it (and, spaces turned to slashes,
// its subtest under TestVerdicts/corpus): "java Main --bug merge-at-500".
func (m javaMode) name() string {
	return strings.Join(append([]string{"java", "Main"}, m.args...), " ")
}

// javaModes is the plain program (an independent implementation: each MUST
// or SHOULD failure must be a deviation its author signed), each `--bug`
// (a plain bug: the sentence it breaks, and why no reading allows it) and
// each `--reading`, with two exceptions: `--reading radius-round` is a
// plain bug (its author, shown ELA-12's verdict, judged it indefensible:
// TRIAGE.md, and the harness's readings of ELA-12 agree), and `--bug
// fuzzy-no-lower` is a reading (issue 37 decided so, after the author
// wrote it). Every mode inherits the plain program's signed deviations.
func javaModes() []javaMode {
	all := []adapters.Standard{adapters.Inflate, adapters.Density, adapters.Elastic, adapters.Fuzzy, adapters.Expand}
	infDen := []adapters.Standard{adapters.Inflate, adapters.Density}
	ela := []adapters.Standard{adapters.Elastic}
	fuz := []adapters.Standard{adapters.Fuzzy}
	exp := []adapters.Standard{adapters.Expand}
	signed := map[string]string{
		"FUZ-12": "show_trgm of a string with U+1E292 (Toto, Unicode 14) differs from pg_trgm's: glibc knows it as a letter, Java 17's Character tables are Unicode 13.0, so the program's word characters lag behind (signed, not fixed: it would carry its own Unicode tables)",
	}
	out := []javaMode{{nil, all, independent(signed)}}
	add := func(flag, name string, stds []adapters.Standard, tag verdictTag) {
		tag.signed = signed // every mode has the plain program's deviations
		out = append(out, javaMode{[]string{flag, name}, stds, tag})
	}
	b := func(name string, stds []adapters.Standard, breaks, why string) {
		add("--bug", name, stds, bug(breaks, why))
	}
	// A --reading its author judged no reading after all, and the
	// harness's decisions agree.
	rb := func(name string, stds []adapters.Standard, breaks, why string) {
		add("--reading", name, stds, bug(breaks, why))
	}
	r := func(name string, stds []adapters.Standard, which string) {
		add("--reading", name, stds, reading("testdata/independent/java READINGS.md: "+which))
	}
	// A --bug that issue 37 decided is a reading (its author wrote it
	// before).
	br := func(name string, stds []adapters.Standard, which string) { add("--bug", name, stds, reading(which)) }
	// std085 §2: context inflation.
	b("merge-at-500", infDen, "std085 §2.1.3: `(MoleculeB.start - MoleculeA.end) < MERGE_THRESHOLD`", "hits exactly 500 apart merge (`<=`); the threshold is strict and nothing else in §2 merges windows")
	b("cap-plus-one", infDen, "INF-07", "without a budget the window cap is 2501, where §3.2's static fallback is 2500")
	b("no-truncate", infDen, "INF-07", "no truncation: a hit longer than the cap, or a padded window over it, stays over the cap (§2.1.5: \"strict truncation is applied at the limit\")")
	b("markers-in-text", infDen, "DEN-10", "each window's text carries the \"...\" markers of §4, so it is not the document's text between its offsets (the protocol's `text`, which §4's output is rendered from)")
	b("no-clamp-start", infDen, "INF-01", "the start is not clamped at 0: a hit near the start of its document gets a negative offset")
	b("no-sort", infDen, "INF-05", "hits are merged in request order, not sorted by start (§2.1.2): a hit before the open window \"joins\" it without being covered")
	// std085 §3: dynamic density.
	b("share-per-compound", infDen, "DEN-01", "the budget is shared by the compounds the hits lie in, not by the results (`TotalBudget / ResultsCount`): with several hits in one compound the windows total more than the budget")
	b("share-ceil", infDen, "DEN-01", "the share `TotalBudget / ResultsCount` is rounded up, so n windows over MIN_WINDOW_CAP may total up to n − 1 more than the budget")
	b("squeeze-ceil", infDen, "DEN-03", "`SafeCount = ceil(TotalBudget / MinViableSize)`: one hit more than fits at 150 (or 200) is kept, as TypeScript's slice, which truncates, never does")
	b("pad-no-max", infDen, "DEN-05", "the padding is not clamped at MAX_PADDING 500: a lone hit under a large budget gets W/2 each side")
	b("no-padding", infDen, "INF-12", "no padding at all: windows are the bare hits even with budget to spare")
	// std105 §2, §4: elastic radius.
	b("radius-no-max", ela, "ELA-12", "the radius is not capped at 32000")
	b("radius-floor-100", ela, "ELA-12", "the radius's floor is 100 where the text writes 200")
	b("radius-no-half", ela, "ELA-12", "the formula's `/ 2` is forgotten: the radius is twice the formula's")
	rb("radius-round", ela, "ELA-12", "`GlobalBudget / TotalHits / 2` rounded to the nearest byte: 2·401·10 = 8020 over a budget of 8019, where §4 \"strictly respects the max_chars limit\" and std085-protocol §5.2 writes floor")
	b("hydrate-over-budget", ela, "ELA-05", "hydration keeps every atom, whatever the windows cost, where §4 \"strictly respects the max_chars limit\"")
	b("census-case-sensitive", ela, "ELA-07", "the census compares a term with the text case-sensitively, where the text writes `LOWER(atom_label) = LOWER($1)`")
	b("census-substring", ela, "ELA-07", "the census finds a term anywhere, inside a longer word too (the cat in scat): an atom is a word, exact (`LOWER(atom_label) = LOWER($1)`) or read as a prefix (`ILIKE 'term%'`), so under every reading a hit begins a word")
	// std105 §3: fuzzy search.
	br("fuzzy-no-lower", fuz, "the exact tier case-sensitive, case variants found by the case-blind prefix tier (ILIKE): std105 §3.2's list `atom_label = term` read case-exactly, variants through the SQL's `ILIKE $2`, a reading since issue 37 (FUZ-24, REFERENCE; the mutant case-exact-label)")
	b("fuzzy-one-pad", fuz, "FUZ-05", "words are padded with one space before instead of pg_trgm's two, so similarities differ from pg_trgm's `%`")
	b("fuzzy-no-dedupe", fuz, "FUZ-15", "trigram sets are not de-duplicated (pg_trgm counts each trigram once), so repeated trigrams skew similarity")
	b("fuzzy-tier-order", fuz, "FUZ-16", "matches are ordered by similarity alone, so a trigram match can come before a prefix or exact match (\"Highest priority\", \"High priority\")")
	r("threshold-greater", fuz, "`%` as similarity strictly greater than the threshold, as pg_trgm's documentation says (its C source: `>=`; FUZ-23, REFERENCE, since issue 37; the mutant strict-threshold). Its author, shown FUZ-05's verdict before that narrowing, judged it indefensible")
	// ADR-023: candidate expansion.
	b("asked-floor", exp, "EXP-09", "`Math.floor(limit * multiplier)` where the text writes `Math.ceil`: a limit of 3 at 1.5 asks 4 instead of 5")
	b("undirected", exp, "EXP-01", "`maxEdges = n(n − 1)/2` where the text writes `nodeCount * (nodeCount - 1); // Directed graph`: the density is doubled")
	b("cold-2x", exp, "EXP-01", "a cold graph (density < 0.01) keeps the static 2.0 where the text returns 1.5")
	b("mature-2x", exp, "EXP-01", "a mature graph (density ≥ 0.10) gets 2.0 where the text returns 3.0")
	b("ids-over-limit", exp, "EXP-10", "the answer returns every candidate, not at most `limit` (the candidates are re-ranked for `limit` results)")
	// The readings.
	r("squeeze-share", infDen, "a squeeze's survivors share the whole budget, floor(B / kept) each, not 150 each")
	r("squeeze-input-order", infDen, "a squeeze keeps the first SafeCount hits in the order given, as `slice` does")
	r("window-floor-200", infDen, "MIN_WINDOW_CAP 200 as the minimum viable size: a squeeze keeps floor(B/200) at 200 each")
	r("merge-then-truncate", infDen, "merge on the gap alone, however long the result, then truncate at the cap (§2.1.5 speaks of merged windows over the cap)")
	r("pad-200-static", infDen, "without a budget the padding is a fixed 200, not §3's formula applied to 2500")
	r("zero-hits-min", ela, "no hit gives the radius's floor, 200: nothing to widen for")
	r("census-no-underscore", ela, "`_` separates words in the census (`snake_case` holds the atom `case`)")
	r("table-boundary", exp, "density exactly 0.10 is Growing (2.0), as ADR-023's table's closed range \"0.01 - 0.10\" and strict \"> 0.10\" say")
	r("prefix-like", fuz, "std105 §3.2's Logic list, `atom_label LIKE 'term%'`, case-sensitive, against the SQL's ILIKE")
	return out
}

// javaDir is the Java program's sources.
var javaDir = filepath.Join("..", "testdata", "independent", "java")

// verdictJavaEntries is javaModes as corpus entries, each started in its
// own subtest (so `-run TestVerdicts/corpus/java` starts no other program,
// and a missing JDK skips these alone). The sources are compiled once, by
// the first entry that starts, into a directory of t's.
func verdictJavaEntries(t *testing.T) []verdictEntry {
	classes := t.TempDir()
	compile := sync.OnceValue(func() error {
		srcs, err := filepath.Glob(filepath.Join(javaDir, "*.java"))
		if err != nil || len(srcs) == 0 {
			return fmt.Errorf("no Java sources in %s (%v)", javaDir, err)
		}
		out, err := exec.Command("javac", append([]string{"-encoding", "UTF-8", "-d", classes}, srcs...)...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("javac: %v\n%s", err, out)
		}
		return nil
	})
	var out []verdictEntry
	for _, m := range javaModes() {
		out = append(out, verdictEntry{name: m.name(), stds: m.stds, tag: m.tag, start: func(t *testing.T) adapters.Adapter {
			java, _ := testprog.JDK(t)
			if err := compile(); err != nil {
				t.Fatal(err)
			}
			a, err := startProgram(append([]string{java, "-cp", classes, "Main"}, m.args...), process.Options{})
			if err != nil {
				t.Fatalf("%s: %v", m.name(), err)
			}
			t.Cleanup(func() { a.Close() })
			return a
		}})
	}
	return out
}

// TestVerdictJavaModes: every mode Main.java knows is in javaModes once,
// every tag is well formed (checkVerdictTag), and the plain program's
// signed deviations are MUST or SHOULD requirements.
func TestVerdictJavaModes(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(javaDir, "Main.java"))
	if err != nil {
		t.Fatal(err)
	}
	known := map[string][]string{}
	for _, list := range []string{"KNOWN_BUGS", "KNOWN_READINGS"} {
		m := regexp.MustCompile(`(?s)` + list + ` = Arrays\.asList\((.*?)\);`).FindSubmatch(src)
		if m == nil {
			t.Fatalf("Main.java: no %s list", list)
		}
		for _, q := range regexp.MustCompile(`"([^"]+)"`).FindAllSubmatch(m[1], -1) {
			known[list] = append(known[list], string(q[1]))
		}
	}
	reqs := map[string]suite.Requirement{}
	for _, r := range ctxconform.Requirements() {
		reqs[r.ID] = r
	}
	var got []string
	for _, m := range javaModes() {
		checkVerdictTag(t, m.name(), m.tag, reqs)
		switch len(m.args) {
		case 0:
			if m.tag.kind != independentImpl {
				t.Errorf("%s: the plain program is tagged %v, want an independent implementation", m.name(), m.tag.kind)
			}
		case 2:
			got = append(got, m.args[0]+" "+m.args[1])
		default:
			t.Errorf("%s: want no arguments or one --bug or --reading", m.name())
		}
	}
	var want []string
	for _, n := range known["KNOWN_BUGS"] {
		want = append(want, "--bug "+n)
	}
	for _, n := range known["KNOWN_READINGS"] {
		want = append(want, "--reading "+n)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("javaModes runs %q,\nMain.java knows %q", got, want)
	}
}
