package suite

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// catalogue is a small catalogue of two standards and three levels.
func catalogue() []Requirement {
	var reqs []Requirement
	for i := 1; i <= 7; i++ {
		r := req(fmt.Sprintf("INF-%02d", i), Level(i%3), func(*T) {})
		reqs = append(reqs, r)
	}
	for i := 1; i <= 4; i++ {
		r := req(fmt.Sprintf("DEN-%02d", i), Must, func(*T) {})
		r.Standard = adapters.Density
		reqs = append(reqs, r)
	}
	return reqs
}

func ids(reqs []Requirement) []string {
	var out []string
	for _, r := range reqs {
		out = append(out, r.ID)
	}
	return out
}

func TestSelect(t *testing.T) {
	re := regexp.MustCompile
	tests := []struct {
		name   string
		opts   Options
		want   []string
		filter Filter // when the selection is empty
	}{
		{"anchored ID", Options{Level: Reference, Match: re(`^INF-01$`)}, []string{"INF-01"}, ""},
		{"ID and title", Options{Level: Reference, Match: re(`^INF-0[12] title`)}, []string{"INF-01", "INF-02"}, ""},
		{"title", Options{Level: Reference, Match: re(`^title of DEN-04$`)}, []string{"DEN-04"}, ""},
		{"skip anchored", Options{Level: Must, Standards: []adapters.Standard{adapters.Density}, Skip: re(`^DEN-0[12]$`)}, []string{"DEN-03", "DEN-04"}, ""},
		{"level", Options{Level: Must, Match: re(`^INF`)}, []string{"INF-03", "INF-06"}, ""},
		{"shard 1/2", Options{Level: Must, Standards: []adapters.Standard{adapters.Density}, Shard: Shard{1, 2}}, []string{"DEN-01", "DEN-03"}, ""},
		{"shard 2/2", Options{Level: Must, Standards: []adapters.Standard{adapters.Density}, Shard: Shard{2, 2}}, []string{"DEN-02", "DEN-04"}, ""},
		{"no standard", Options{Level: Reference, Standards: []adapters.Standard{adapters.Fuzzy}}, nil, ByStandard},
		{"no match", Options{Level: Reference, Match: re(`^INF-01 $`)}, nil, ByMatch},
		{"skip all", Options{Level: Reference, Skip: re(`.`)}, nil, BySkip},
		{"shard beyond", Options{Level: Reference, Match: re(`^DEN-01$`), Shard: Shard{2, 3}}, nil, ByShard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.opts.Select(catalogue())
			var empty *EmptySelectionError
			switch {
			case tt.filter != "":
				if !errors.As(err, &empty) || empty.Filter != tt.filter {
					t.Fatalf("Select = %v, %v; want an empty selection by --%s", ids(got), err, tt.filter)
				}
			case err != nil:
				t.Fatal(err)
			case !slices.Equal(ids(got), tt.want):
				t.Errorf("Select = %v, want %v", ids(got), tt.want)
			}
		})
	}
}

// TestShardsPartition: for every count, the shards are disjoint, together
// the whole selection, in catalogue order, and balanced within one.
func TestShardsPartition(t *testing.T) {
	all, err := Options{Level: Reference}.Select(catalogue())
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= len(all); n++ {
		seen := map[string]int{}
		lo, hi := len(all), 0
		for i := 1; i <= n; i++ {
			share, err := Options{Level: Reference, Shard: Shard{i, n}}.Select(catalogue())
			if err != nil {
				t.Fatalf("shard %d/%d: %v", i, n, err)
			}
			for _, r := range share {
				seen[r.ID]++
			}
			lo, hi = min(lo, len(share)), max(hi, len(share))
			if !slices.IsSortedFunc(share, func(a, b Requirement) int { return slices.Index(ids(all), a.ID) - slices.Index(ids(all), b.ID) }) {
				t.Errorf("shard %d/%d not in catalogue order: %v", i, n, ids(share))
			}
		}
		for _, r := range all {
			if seen[r.ID] != 1 {
				t.Errorf("%d shards: %s checked %d times", n, r.ID, seen[r.ID])
			}
		}
		if hi-lo > 1 {
			t.Errorf("%d shards: sizes from %d to %d", n, lo, hi)
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"1/2", Shard{1, 2}, true},
		{"4/4", Shard{4, 4}, true},
		{"3/2", Shard{}, false},
		{"0/2", Shard{}, false},
		{"1/0", Shard{}, false},
		{"1", Shard{}, false},
		{"a/b", Shard{}, false},
	} {
		got, err := ParseShard(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
