package reports

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/suite"
)

// Part is one JSON report to merge and the file it came from (named in
// errors).
type Part struct {
	Source string
	Document
}

// Merge combines the reports of the jobs of a CI matrix into one: the
// shards of a run (conformance run --shard I/N, every one of 1..N once), or
// runs of disjoint selections (--standard inflate in one job, density in
// another). Every part must hold the same adapters in the same order, run
// with the same seed and level; a requirement may be checked in one part
// only. A part that breaks these rules is an error naming its file. The
// merged runs hold every result in catalogue order, the expectations
// checks combined (a known failure listed as not run in one shard but run
// in another is not "not run"), and are judged by the same Gate.
func Merge(parts []Part) ([]Run, error) {
	if len(parts) == 0 {
		return nil, errors.New("no reports to merge")
	}
	first := parts[0]
	if len(first.Runs) == 0 {
		return nil, fmt.Errorf("%s: no runs", first.Source)
	}
	for _, p := range parts[1:] {
		if len(p.Runs) != len(first.Runs) {
			return nil, fmt.Errorf("%s: %d runs (adapters), but %s has %d", p.Source, len(p.Runs), first.Source, len(first.Runs))
		}
	}
	if err := checkShards(parts); err != nil {
		return nil, err
	}
	merged := make([]Run, len(first.Runs))
	for i := range first.Runs {
		m, err := mergeRun(parts, i)
		if err != nil {
			return nil, err
		}
		merged[i] = m
	}
	return merged, nil
}

// checkShards: either no part is a shard, or all are shards of the same
// count, each index once and none missing.
func checkShards(parts []Part) error {
	sharded := parts[0].Runs[0].Shard != nil
	seen := map[int]string{}
	count := 0
	for _, p := range parts {
		for _, r := range p.Runs {
			if (r.Shard != nil) != sharded {
				return fmt.Errorf("%s: mixes shards with whole runs (%s)", p.Source, parts[0].Source)
			}
		}
		if !sharded {
			continue
		}
		sh := *p.Runs[0].Shard
		if count == 0 {
			count = sh.Count
		}
		if sh.Count != count {
			return fmt.Errorf("%s: shard %s, but %s is a shard of %d", p.Source, sh, parts[0].Source, count)
		}
		if other, dup := seen[sh.Index]; dup {
			return fmt.Errorf("%s: shard %s is also %s", p.Source, sh, other)
		}
		seen[sh.Index] = p.Source
	}
	for i := 1; i <= count; i++ {
		if _, ok := seen[i]; !ok {
			return fmt.Errorf("shard %d/%d is missing: merge every shard's report", i, count)
		}
	}
	return nil
}

// mergeRun merges the i-th run of every part.
func mergeRun(parts []Part, i int) (Run, error) {
	base := parts[0].Runs[i]
	out := Run{Report: base.Report, Label: base.Label, ReplayArgs: base.ReplayArgs}
	out.Shard, out.Results, out.Interrupted, out.Stderr = nil, nil, "", ""
	from := map[string]string{} // requirement ID → source
	var interrupted, stderr []string
	withCheck := 0
	for _, p := range parts {
		r := p.Runs[i]
		if err := sameRun(parts[0].Source, base, p.Source, r); err != nil {
			return Run{}, err
		}
		for _, res := range r.Results {
			if other, dup := from[res.ID]; dup {
				return Run{}, fmt.Errorf("%s: %s checks %s too (%s)", p.Source, other, res.ID, r.Name())
			}
			from[res.ID] = p.Source
			out.Results = append(out.Results, res)
		}
		if r.Started.Before(out.Started) {
			out.Started = r.Started
		}
		out.Elapsed = max(out.Elapsed, r.Elapsed) // the jobs ran side by side
		if r.Interrupted != "" {
			interrupted = append(interrupted, p.Source+": "+r.Interrupted)
		}
		if strings.TrimSpace(r.Stderr) != "" {
			stderr = append(stderr, "== "+p.Source+" ==\n"+r.Stderr)
		}
		out.Restarts += r.Restarts
		for _, m := range r.Remarks {
			if !slices.Contains(out.Remarks, m) {
				out.Remarks = append(out.Remarks, m)
			}
		}
		if r.Check != nil {
			withCheck++
		}
	}
	if withCheck != 0 && withCheck != len(parts) {
		return Run{}, fmt.Errorf("%s: some reports were checked against an expectations file and some not: give every job the same --expectations", base.Name())
	}
	suite.SortResults(out.Results)
	out.Settle() // a failure and the one it follows from may have run in different shards
	out.Interrupted = strings.Join(interrupted, "; ")
	out.Stderr = strings.Join(stderr, "\n")
	if withCheck > 0 {
		out.Check = mergeChecks(parts, i, from)
	}
	return out, nil
}

// sameRun says how r (of file src) differs from base (of file baseSrc) in
// what makes runs comparable: the adapter, its label, the seed and the
// level.
func sameRun(baseSrc string, base Run, src string, r Run) error {
	a, b := base.Adapter, r.Adapter
	switch {
	case a.Name != b.Name || a.Version != b.Version || a.Language != b.Language || a.Unit != b.Unit ||
		!slices.Equal(a.Standards, b.Standards) || a.Config.Shown() != b.Config.Shown() || base.Label != r.Label:
		return fmt.Errorf("%s: a run of %s, but %s is of %s: merge reports of the same adapters", src, describe(r), baseSrc, describe(base))
	case base.Seed != r.Seed:
		return fmt.Errorf("%s: seed %d, but %s has seed %d: give every job the same --seed", src, r.Seed, baseSrc, base.Seed)
	case base.Level != r.Level:
		return fmt.Errorf("%s: level %s, but %s has level %s: give every job the same --level", src, r.Level.Label(), baseSrc, base.Level.Label())
	}
	return nil
}

func describe(r Run) string {
	return fmt.Sprintf("%s (%s, counts %s, standards %v%s)", r.Name(), orDash(r.Adapter.Language), r.Adapter.Unit, r.Adapter.Standards, declaresNote(r.Adapter, ", "))
}

// mergeChecks combines the parts' expectations checks of run i.
func mergeChecks(parts []Part, i int, ran map[string]string) *Check {
	c := &Check{}
	settled := map[string]bool{}
	for _, p := range parts {
		pc := p.Runs[i].Check
		for _, id := range pc.New {
			if !slices.Contains(c.New, id) {
				c.New = append(c.New, id)
			}
		}
		for _, k := range pc.Known {
			c.Known = append(c.Known, k)
			settled[k.ID] = true
		}
		for _, k := range pc.Fixed {
			c.Fixed = append(c.Fixed, k)
			settled[k.ID] = true
		}
	}
	for _, p := range parts {
		for _, k := range p.Runs[i].Check.NotRun {
			_, elsewhere := ran[k.ID]
			if settled[k.ID] || k.Now == "" && elsewhere || slices.ContainsFunc(c.NotRun, func(x Known) bool { return x.ID == k.ID }) {
				continue
			}
			c.NotRun = append(c.NotRun, k)
		}
	}
	return c
}
