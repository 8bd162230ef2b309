package scaling

import (
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/bench"
)

// A target is a figure the reference aims at (issue 12: a reference that
// leads), read from the results of one run.
type target struct {
	name   string // the benchmark's name starts with this
	unit   string
	what   string
	atMost bool // the value must be at most limit (else at least)
	limit  float64
	// why, when set, makes the figure a reading, not a target: the reason
	// it is printed without a verdict.
	why string
}

var targets = []target{
	{"Target/Inflate/", "inflate/floor", "inflation of the PRF-03 request over one UTF-8 pass over its documents", true, 3, ""},
	{"Versus/Similarity/", "server/go", "PostgreSQL's in-server similarity() over the reference's, same pairs", false, 5, ""},
	{"Versus/Similarity/", "allocs/pair", "allocations per similarity pair", true, 0, ""},
	{"Radial/Windows/atoms=10000/", "sec/op", "radial inflation at 10,000 atoms, seconds per call", true, 1e-3, ""},
	{"Elastic/Hydrate/atoms=10000/", "sec/op", "elastic hydration at 10,000 atoms, seconds per call", true, 1e-3, ""},
	{"Radial/Windows/atoms=10000/", "alloc/emitted", "radial inflation at 10,000 atoms: bytes allocated per byte of text", true, 2, ""},
	{"Radial/Windows/atoms=10000/", "alloc/answer", "radial inflation at 10,000 atoms: bytes allocated per byte of answer", true, 2, ""},
	// Hydration's answer lists every atom, kept or dropped (10,000 atoms of
	// 48 bytes, several times its window text): an answer cannot be
	// emitted without allocating it, so its target is alloc/answer and the
	// text-only ratio is shown as a reading.
	{"Elastic/Hydrate/atoms=10000/", "alloc/emitted", "elastic hydration at 10,000 atoms: bytes allocated per byte of text", true, 2,
		"a reading, not a target: the answer also lists all 10,000 atoms, which the text does not count (alloc/answer is the target)"},
	{"Elastic/Hydrate/atoms=10000/", "alloc/answer", "elastic hydration at 10,000 atoms: bytes allocated per byte of answer", true, 2, ""},
	{"Assemble/mols=10000/", "alloc/emitted", "window assembly at 10,000 molecules: bytes allocated per byte of text", true, 2, ""},
	{"Assemble/mols=10000/", "alloc/answer", "window assembly at 10,000 molecules: bytes allocated per byte of answer", true, 2, ""},
}

// growthTargets are sweeps whose fitted time exponent must stay at most 1.1.
var growthTargets = []string{"Radial/Windows", "Elastic/Hydrate"}

// Targets lists the targets found in samples, one line each: the median
// value, the target, and whether it is met; then the fitted growth
// exponents of the radial and elastic sweeps by atoms.
func Targets(samples []Sample) []string {
	var out []string
	for _, t := range targets {
		var vs []float64
		for _, s := range samples {
			if s.Unit == t.unit && strings.HasPrefix(trimProcs(s.Name), t.name) {
				vs = append(vs, s.Value)
			}
		}
		if len(vs) == 0 {
			continue
		}
		v := bench.Median(vs)
		if t.why != "" {
			out = append(out, fmt.Sprintf("figure %s: %s %.4g (%s)", t.what, t.unit, v, t.why))
			continue
		}
		met := v <= t.limit
		cmpWord := "≤"
		if !t.atMost {
			met, cmpWord = v >= t.limit, "≥"
		}
		out = append(out, fmt.Sprintf("target %s: %s %.4g (want %s %.4g): %s", t.what, t.unit, v, cmpWord, t.limit, metWord(met)))
	}
	for _, sw := range Sweeps(samples, "sec/op") {
		for _, head := range growthTargets {
			if sw.Head == head && sw.Key == "atoms" {
				out = append(out, fmt.Sprintf("target %s: time grows as atoms^%.2f fitted, atoms^%.2f over the last step (want ≤ 1.10): %s",
					sw.Title(), sw.Fit.K, sw.Fit.LastK, metWord(sw.Fit.K <= 1.1)))
			}
		}
	}
	return out
}

func metWord(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

// trimProcs drops a "-N" GOMAXPROCS suffix.
func trimProcs(name string) string {
	if i := strings.LastIndexByte(name, '-'); i > 0 && strings.Trim(name[i+1:], "0123456789") == "" {
		return name[:i]
	}
	return name
}
