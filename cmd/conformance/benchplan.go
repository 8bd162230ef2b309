package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/ctxconform/ctxconform/bench"
)

// catalogue is one implementation's benchmarks in a bench run, and why it
// cannot run a benchmark ("" when it can), known before running.
type catalogue struct {
	impl        string
	benchmarks  []bench.Benchmark
	unsupported func(bench.Benchmark) string
}

// benchPlan is what a bench run runs, decided before anything runs: the
// benchmarks every implementation has and supports, each implementation's
// turn after the other's (bench.Interleave), and those left out, grouped by
// the reason.
type benchPlan struct {
	run      []bench.Benchmark
	shared   int // benchmarks (by name) that run, once per implementation
	selected int // benchmarks (by name) --run selects in any catalogue
	left     []leftOut
}

// leftOut is a reason benchmarks were left out and how many.
type leftOut struct {
	reason string
	count  int
}

// skipped is how many selected benchmarks were left out.
func (p benchPlan) skipped() int { return p.selected - p.shared }

// planBench selects the benchmarks whose name match matches (nil: all) in
// any catalogue, and keeps those that every catalogue has and supports. A
// benchmark only some catalogues have (the reference's own packages, the
// PostgreSQL side by side) is left out as "only X provides it"; one an
// implementation cannot run, with that implementation's reason.
func planBench(cats []catalogue, match *regexp.Regexp) benchPlan {
	var p benchPlan
	var names []string
	first := map[string]bench.Benchmark{}
	has := make([]map[string]bench.Benchmark, len(cats))
	for i, c := range cats {
		has[i] = map[string]bench.Benchmark{}
		for _, bm := range c.benchmarks {
			if match != nil && !match.MatchString(bm.Name) {
				continue
			}
			has[i][bm.Name] = bm
			if _, seen := first[bm.Name]; !seen {
				first[bm.Name] = bm
				names = append(names, bm.Name)
			}
		}
	}
	p.selected = len(names)
	counts := map[string]int{}
	var reasons []string
	leave := func(reason string) {
		if counts[reason]++; counts[reason] == 1 {
			reasons = append(reasons, reason)
		}
	}
	keep := map[string]bool{}
	for _, name := range names {
		var with, without []string
		for i, c := range cats {
			if _, ok := has[i][name]; ok {
				with = append(with, c.impl)
			} else {
				without = append(without, c.impl)
			}
		}
		if len(without) > 0 {
			reason := fmt.Sprintf("only %s provides them", strings.Join(with, " and "))
			if first[name].Level != bench.AdapterLevel {
				reason += " (they measure its own code, or PostgreSQL beside it)"
			}
			leave(reason)
			continue
		}
		why := ""
		for i, c := range cats {
			if why = c.unsupported(has[i][name]); why != "" {
				break
			}
		}
		if why != "" {
			leave(why)
			continue
		}
		keep[name] = true
		p.shared++
	}
	for _, r := range reasons {
		p.left = append(p.left, leftOut{reason: r, count: counts[r]})
	}
	lists := make([][]bench.Benchmark, len(cats))
	for i, c := range cats {
		for _, bm := range c.benchmarks {
			if keep[bm.Name] {
				lists[i] = append(lists[i], bm)
			}
		}
	}
	p.run = bench.Interleave(lists...)
	return p
}

// say prints, once and before anything runs, how many benchmarks run and
// why the others were left out, one line per reason.
func (p benchPlan) say(w io.Writer, implementations int) {
	who := "to run"
	switch {
	case implementations == 2:
		who = "both sides support"
	case implementations > 2:
		who = fmt.Sprintf("all %d implementations support", implementations)
	}
	if p.skipped() == 0 {
		fmt.Fprintf(w, "conformance bench: %d benchmarks %s\n", p.shared, who)
		return
	}
	fmt.Fprintf(w, "conformance bench: %d benchmarks %s (%d of the %d selected left out):\n", p.shared, who, p.skipped(), p.selected)
	for _, l := range p.left {
		fmt.Fprintf(w, "  %d: %s\n", l.count, l.reason)
	}
}

// check refuses a plan that runs nothing: a --run that selects no
// benchmark, or none that every implementation supports.
func (p benchPlan) check(pattern string, implementations int) error {
	filter := ""
	if pattern != "" {
		filter = fmt.Sprintf("--run %q selects ", pattern)
	}
	switch {
	case p.selected == 0 && pattern != "":
		return usagef("%sno benchmark", filter)
	case p.shared > 0:
		return nil
	}
	var why []string
	for _, l := range p.left {
		why = append(why, fmt.Sprintf("%d: %s", l.count, l.reason))
	}
	what := "no benchmark"
	if filter == "" {
		what = "there is no benchmark"
	}
	if implementations > 1 {
		what += " that every implementation supports"
	} else {
		what += " the implementation supports"
	}
	return usagef("%s%s (%s)", filter, what, strings.Join(why, "; "))
}
