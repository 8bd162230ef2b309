package suite

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Shard is one share of a run split over several CI jobs: the Index-th of
// Count (from 1). The zero Shard is the whole run.
//
// The share is dealt round-robin over the selected requirements in
// catalogue order (Sorted): requirement k (from 0) goes to shard k mod
// Count + 1. It depends only on the catalogue and the other filters, never
// on the seed or the adapter, so every job of a matrix given the same flags
// runs a disjoint share and the shards together run the whole selection;
// the counts differ by at most one, and each standard is spread over the
// shards instead of one heavy standard landing on one job.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// ParseShard reads "I/N" with 1 ≤ I ≤ N.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(s, "/")
	var sh Shard
	var err1, err2 error
	sh.Index, err1 = strconv.Atoi(strings.TrimSpace(i))
	sh.Count, err2 = strconv.Atoi(strings.TrimSpace(n))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("shard %q: want I/N, e.g. 1/4", s)
	case sh.Count < 1 || sh.Index < 1 || sh.Index > sh.Count:
		return Shard{}, fmt.Errorf("shard %q: want 1 ≤ I ≤ N", s)
	}
	return sh, nil
}

// IsZero reports whether s is the whole run.
func (s Shard) IsZero() bool { return s.Count == 0 }

func (s Shard) String() string {
	if s.IsZero() {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Has reports whether the k-th selected requirement (from 0) is in the
// shard.
func (s Shard) Has(k int) bool { return s.IsZero() || k%s.Count == s.Index-1 }

// Selected reports whether r is chosen by the options' level, standards and
// match and skip patterns (not the shard, which depends on the whole
// selection: see Select). A pattern chooses a requirement when it matches
// its ID, its title, or both as "ID title", so "^INF-01$" selects INF-01.
func (o Options) Selected(r Requirement) bool {
	return o.inStandards(r) && o.matched(r) && o.notSkipped(r)
}

// The filters of Selected, one by one (Select applies them in turn).
func (o Options) inStandards(r Requirement) bool {
	return r.Level <= o.Level && (len(o.Standards) == 0 || slices.Contains(o.Standards, r.Standard))
}
func (o Options) matched(r Requirement) bool    { return o.Match == nil || matches(o.Match, r) }
func (o Options) notSkipped(r Requirement) bool { return o.Skip == nil || !matches(o.Skip, r) }

func matches(re *regexp.Regexp, r Requirement) bool {
	return re.MatchString(r.ID) || re.MatchString(r.Title) || re.MatchString(r.ID+" "+r.Title)
}

// Filter names one of the options that choose requirements.
type Filter string

const (
	ByStandard Filter = "standard" // Level and Standards
	ByMatch    Filter = "run"      // Match
	BySkip     Filter = "skip"     // Skip
	ByShard    Filter = "shard"    // Shard
)

// EmptySelectionError says which filter left no requirement to run: the
// first that did, applied in the order level and standards, match, skip,
// shard.
type EmptySelectionError struct {
	Filter Filter
	Value  string // the filter as given, e.g. the pattern
	Before int    // requirements left before it
}

func (e *EmptySelectionError) Error() string {
	return fmt.Sprintf("--%s %s selects no requirement (of the %d left by the filters before it)", e.Filter, e.Value, e.Before)
}

// Select returns the requirements the options choose, in catalogue order
// (Sorted), shard included. When none is left it returns an
// *EmptySelectionError naming the filter that removed the last one.
func (o Options) Select(reqs []Requirement) ([]Requirement, error) {
	all := Sorted(reqs)
	steps := []struct {
		filter Filter
		value  string
		keep   func(r Requirement) bool
	}{
		{ByStandard, o.standardsValue(), o.inStandards},
		{ByMatch, pattern(o.Match), o.matched},
		{BySkip, pattern(o.Skip), o.notSkipped},
	}
	for _, s := range steps {
		before := len(all)
		all = slices.DeleteFunc(all, func(r Requirement) bool { return !s.keep(r) })
		if len(all) == 0 {
			return nil, &EmptySelectionError{Filter: s.filter, Value: s.value, Before: before}
		}
	}
	if o.Shard.IsZero() {
		return all, nil
	}
	var share []Requirement
	for k, r := range all {
		if o.Shard.Has(k) {
			share = append(share, r)
		}
	}
	if len(share) == 0 {
		return nil, &EmptySelectionError{Filter: ByShard, Value: o.Shard.String(), Before: len(all)}
	}
	return share, nil
}

func (o Options) standardsValue() string {
	var names []string
	for _, s := range o.Standards {
		names = append(names, string(s))
	}
	if len(names) == 0 {
		names = []string{"(all)"}
	}
	return strings.Join(names, ",") + " at level " + o.Level.Label()
}

func pattern(re *regexp.Regexp) string {
	if re == nil {
		return ""
	}
	return strconv.Quote(re.String())
}
