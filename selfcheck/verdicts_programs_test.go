package selfcheck_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
)

// verdictProgram is a program of testdata/faulty or testdata/readings in
// the corpus of TestVerdicts (make verdicts only: it starts interpreters),
// with its tag.
type verdictProgram struct {
	name  string // as the figures name it: file and mode
	lang  string // "python" or "node"
	file  string // under testdata
	mode  string
	proxy bool // a proxy to this test binary serving the reference (serveEnv)
	stds  []adapters.Standard
	tag   verdictTag
}

// verdictPrograms lists the programs in other languages: the faulty
// programs that break a sentence (the others of testdata/faulty crash,
// hang or refuse, which the harness's own tests judge), and every readings
// program but the controls.
func verdictPrograms() []verdictProgram {
	infDen := []adapters.Standard{adapters.Inflate, adapters.Density}
	den := []adapters.Standard{adapters.Density}
	asm := []adapters.Standard{adapters.Assemble}
	exp := []adapters.Standard{adapters.Expand}
	rad := []adapters.Standard{adapters.Radial}
	ela := []adapters.Standard{adapters.Elastic}
	var out []verdictProgram
	py := func(file, mode string, proxy bool, stds []adapters.Standard, tag verdictTag) {
		out = append(out, verdictProgram{file + " " + mode, "python", file, mode, proxy, stds, tag})
	}
	js := func(file, mode string, stds []adapters.Standard, tag verdictTag) {
		out = append(out, verdictProgram{file + " " + mode, "node", file, mode, false, stds, tag})
	}
	// Plain bugs.
	py("faulty/inflate.py", "merge500", false, infDen, bug("std085 §2.1.3: `(MoleculeB.start - MoleculeA.end) < MERGE_THRESHOLD`", "hits exactly 500 apart merged (`<=`), their padded windows 100 bytes apart"))
	py("faulty/inflate.py", "pad501", false, infDen, bug("DEN-05", "pads 501 where MAX_PADDING is 500"))
	py("faulty/inflate.py", "pad49", false, infDen, bug("DEN-06", "pads 49 where MIN_PADDING is 50"))
	py("faulty/inflate.py", "viable151", false, infDen, bug("DEN-03", "a minimum viable size of 151 where the text writes 150 (and MIN_WINDOW_CAP 200)"))
	py("faulty/inflate.py", "cap2501", false, infDen, bug("INF-07", "windows of 2501 where the static cap is 2500"))
	py("faulty/proxy.py", "offbyone", true, infDen, bug("INF-01", "a window end one past the document"))
	py("faulty/proxy.py", "nowindows600", true, den, bug("DEN-11", "no window under a budget of 600, no hit reported dropped"))
	py("faulty/proxy.py", "stale", true, den, bug("DEN-10", "offsets widened by 64 bytes behind the narrower window's text"))
	py("faulty/expand.py", "cold-at-0.01", false, exp, bug("EXP-02", "density exactly 0.01 taken as cold (`<= 0.01` where ADR-023 writes `< 0.01`)"))
	py("faulty/expand.py", "two-nodes", false, exp, bug("EXP-01", "nodeCount < 2 read as <= 2: a two-node graph gets 1.0"))
	// Readings.
	py("faulty/inflate.py", "literal", false, infDen, reading("std085 §3.1's pseudo-code to the letter (TestFaultyLiteral)"))
	py("faulty/expand.py", "growing-at-0.10", false, exp, reading("ADR-023's table, \"Growing 0.01 - 0.10\", inclusive"))
	py("faulty/expand.py", "refuse-self-loops", false, exp, reading("a graph with a self-loop refused: the text is silent on self-loops"))
	for _, m := range []string{"pad-half", "input-order", "floor200", "viable200", "merge-previous", "merge-overlaps", "markers", "static-budget"} {
		py("readings/inflate085.py", m, false, infDen, reading("std085, TestReadings085: "+m))
	}
	for _, m := range []string{"by-score", "markers", "five-percent"} {
		py("readings/proxy085.py", m, true, asm, reading("std085 protocol, TestReadings085: "+m))
	}
	for _, r := range []struct {
		mode string
		std  []adapters.Standard
	}{{"fuzzy-fixed-threshold", []adapters.Standard{adapters.Fuzzy}}, {"fuzzy-like-syntax", []adapters.Standard{adapters.Fuzzy}},
		{"fuzzy-prefix-like", []adapters.Standard{adapters.Fuzzy}}, {"fuzzy-prefix-like-declared", []adapters.Standard{adapters.Fuzzy}},
		{"expand-table-at-0.10", exp}, {"expand-topk0-default", exp}, {"densify-listed-phrases", []adapters.Standard{adapters.Densify}},
		{"densify-capture-all", []adapters.Standard{adapters.Densify}}, {"densify-unaccounted", []adapters.Standard{adapters.Densify}}} {
		js("readings/readings.js", r.mode, r.std, reading("TestReadingsFuzzyDensifyExpand: "+r.mode))
	}
	for _, m := range []string{"outward", "nosnap", "innermost", "trimmed", "pooled", "single-term", "score-order", "rendered"} {
		js("readings/radial_readings.js", m, rad, reading("TestReadingsRadialElastic: "+m))
	}
	for _, m := range []string{"formula-radius", "best-only", "prefix-census", "ascii-lower", "nosnap", "rendered"} {
		js("readings/elastic_readings.js", m, ela, reading("TestReadingsRadialElastic: "+m))
	}
	return out
}

// verdictProgramEntries is verdictPrograms as corpus entries, each started
// in its own subtest (so `-run TestVerdicts/corpus/NAME` starts no other
// program) and closed at its end.
func verdictProgramEntries(t *testing.T) []verdictEntry {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(serveEnv, "1") // the proxies' child serves the reference
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	var entries []verdictEntry
	for _, p := range verdictPrograms() {
		entries = append(entries, verdictEntry{name: p.name, stds: p.stds, tag: p.tag, start: func(t *testing.T) adapters.Adapter {
			argv := []string{"", filepath.Join(dir, p.file), p.mode}
			if p.lang == "python" {
				argv[0] = testprog.Python(t)
			} else {
				argv[0] = testprog.Node(t)
			}
			if p.proxy {
				argv = append(argv, "--", self)
			}
			a, err := startProgram(argv, process.Options{})
			if err != nil {
				t.Fatalf("%s: %v", p.name, err)
			}
			t.Cleanup(func() { a.Close() })
			return a
		}})
	}
	return entries
}
